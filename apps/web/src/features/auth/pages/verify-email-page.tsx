import { ComingSoon } from '../../../components/coming-soon.tsx';

export function VerifyEmailPage() {
  return (
    <ComingSoon title="Verify Email">
      Open the link from your e-mail to confirm your address; then you can sign in.
    </ComingSoon>
  );
}
