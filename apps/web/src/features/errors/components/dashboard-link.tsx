import { Link } from 'react-router';

export function DashboardLink() {
  return (
    <Link to="/" className="p-button p-component">
      <i className="pi pi-arrow-left mr-2" aria-hidden="true" />
      Go To Dashboard
    </Link>
  );
}
