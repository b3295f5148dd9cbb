import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon.tsx';

export function UserEditPage() {
  const { id } = useParams();
  return (
    <ComingSoon title="Edit User">
      A form to edit account {id}: title, names, e-mail, church, country, role and whether it is verified.
    </ComingSoon>
  );
}
