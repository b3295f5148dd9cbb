import { ACCOUNT_MESSAGES } from '@portal/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH } from '../../../lib/session/redirect.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResultDialog } from '../components/result-dialog.tsx';
import { TokenFailed, TokenPending } from '../components/token-status.tsx';

export function VerifyEmailPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const token = search.get('token') ?? '';
  const verification = useVerifyEmail(token);

  return (
    <AuthCard title="Verify Email">
      {token !== '' && verification.isPending ? (
        <TokenPending label="Verifying..." />
      ) : verification.isSuccess ? (
        <>
          <p className="mt-0 mb-0">
            Your e-mail address is verified. <Link to={LOGIN_PATH}>Sign in</Link>
          </p>
          <ResultDialog header="Email Verified" visible onOk={() => navigate(LOGIN_PATH)}>
            <p className="m-0">{ACCOUNT_MESSAGES.verified}</p>
          </ResultDialog>
        </>
      ) : (
        <TokenFailed message={ACCOUNT_MESSAGES.verifyFailed} />
      )}
    </AuthCard>
  );
}
