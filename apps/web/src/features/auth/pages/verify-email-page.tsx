import { ACCOUNT_MESSAGES } from '@portal/contract';
import { Message } from 'primereact/message';
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
        {verification.data?.message === ACCOUNT_MESSAGES.alreadyVerified ? (
          <AlreadyVerified />
        ) : (
          <>
            <p className="mt-0 mb-0">
              Your e-mail address is verified. <Link to={LOGIN_PATH}>Sign in</Link>
            </p>
            <ResultDialog header="Email Verified" visible onOk={() => navigate(LOGIN_PATH)}>
              <p className="m-0">{ACCOUNT_MESSAGES.verified}</p>
            </ResultDialog>
          </>
        )}
      </TokenCheck>
    </AuthCard>
  );
}

/** A link opened again (or after the address was verified another way): nothing left to do but sign in. */
function AlreadyVerified() {
  return (
    <>
      <Message severity="info" className="w-full justify-content-start mb-4" text={ACCOUNT_MESSAGES.alreadyVerified} />
      <Link to={LOGIN_PATH} className="p-button p-component">
        <i className="pi pi-sign-in mr-2" aria-hidden="true" />
        Sign In
      </Link>
    </>
  );
}
