import { ComingSoon } from '../../../components/coming-soon.tsx';

export function ResetPasswordPage() {
  return (
    <ComingSoon title="Reset Password">
      Open the link from your e-mail to choose a new password, with a strength meter and hints.
    </ComingSoon>
  );
}
