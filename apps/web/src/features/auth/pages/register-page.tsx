import { ComingSoon } from '../../../components/coming-soon.tsx';

export function RegisterPage() {
  return (
    <ComingSoon title="Register">
      The full registration form: title, names, address, e-mail, password, church membership and country.
    </ComingSoon>
  );
}
