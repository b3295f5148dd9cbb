import { ComingSoon } from '../../../components/coming-soon.tsx';

export function ProfileDetailsPage() {
  return (
    <ComingSoon title="Profile Details">
      A form to update your title, names and e-mail, and to change your password (leave it blank to keep the same
      password).
    </ComingSoon>
  );
}
