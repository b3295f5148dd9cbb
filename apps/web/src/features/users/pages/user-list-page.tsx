import { ComingSoon } from '../../../components/coming-soon.tsx';

export function UserListPage() {
  return (
    <ComingSoon title="Users">
      Every account in a searchable, sortable table: names, member, role, e-mail, country, church, verified and sign-up
      date, with a link to edit each one.
    </ComingSoon>
  );
}
