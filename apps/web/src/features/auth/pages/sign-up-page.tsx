import { ComingSoon } from '../../../components/coming-soon.tsx';

export function SignUpPage() {
  return (
    <ComingSoon title="Sign Up">
      Create your account with your full name, e-mail and a password, tell us whether you are a church member and which
      church, and choose your country. A confirmation e-mail follows.
    </ComingSoon>
  );
}
