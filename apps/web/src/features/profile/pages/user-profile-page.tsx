import { ComingSoon } from '../../../components/coming-soon.tsx';

export function UserProfilePage() {
  return (
    <ComingSoon title="My Profile">
      Your title, names, e-mail, church and country, and a form to change them.
    </ComingSoon>
  );
}
