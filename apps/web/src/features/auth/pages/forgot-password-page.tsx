import { ComingSoon } from '../../../components/coming-soon.tsx';

export function ForgotPasswordPage() {
  return (
    <ComingSoon title="Forgot Password">
      Enter your e-mail address and we will send you a link to choose a new password.
    </ComingSoon>
  );
}
