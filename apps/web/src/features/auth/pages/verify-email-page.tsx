import { ACCOUNT_MESSAGES } from '@portal/contract';
import { Link, useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../../lib/session/redirect.ts';
import { useLinkToken } from '../api/mailed-token.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResultDialog } from '../components/result-dialog.tsx';
import { TokenCheck } from '../components/token-status.tsx';

export function VerifyEmailPage() {
  const navigate = useNavigate();
  const token = useLinkToken();
  const verification = useVerifyEmail(token);

  return (
    <AuthCard title="Verify Email">
      <TokenCheck token={token} check={verification} pending="Verifying..." failed={ACCOUNT_MESSAGES.verifyFailed}>
        <p className="mt-0 mb-0">
          Your e-mail address is verified. <Link to={LOGIN_PATH}>Sign in</Link>
        </p>
        <ResultDialog header="Email Verified" visible onOk={() => navigate(LOGIN_PATH)}>
          <p className="m-0">{ACCOUNT_MESSAGES.verified}</p>
        </ResultDialog>
      </TokenCheck>
    </AuthCard>
  );
}
