import { ACCOUNT_MESSAGES } from '@portal/contract';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { LOGIN_PATH } from '../../../lib/session/redirect.ts';
import { useLinkToken } from '../api/mailed-token.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResultDialog } from '../components/result-dialog.tsx';
import { TokenCheck } from '../components/token-status.tsx';

export function VerifyEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useLinkToken();
  const verification = useVerifyEmail(token);

  return (
    <AuthCard title={t('auth.verify.title')}>
      <TokenCheck
        token={token}
        check={verification}
        pending={t('auth.verify.verifying')}
        failed={translateMessage(ACCOUNT_MESSAGES.verifyFailed)}
      >
        {verification.data?.message === ACCOUNT_MESSAGES.alreadyVerified ? (
          <AlreadyVerified />
        ) : (
          <>
            <p className="mt-0 mb-0">
              {t('auth.verify.verified')} <Link to={LOGIN_PATH}>{t('auth.register.signIn')}</Link>
            </p>
            <ResultDialog header={t('auth.verify.done')} visible onOk={() => navigate(LOGIN_PATH)}>
              <p className="m-0">{translateMessage(ACCOUNT_MESSAGES.verified)}</p>
            </ResultDialog>
          </>
        )}
      </TokenCheck>
    </AuthCard>
  );
}

/** A link opened again (or after the address was verified another way): nothing left to do but sign in. */
function AlreadyVerified() {
  const { t } = useTranslation();
  return (
    <>
      <Message
        severity="info"
        className="w-full justify-content-start mb-4"
        text={translateMessage(ACCOUNT_MESSAGES.alreadyVerified)}
      />
      <Link to={LOGIN_PATH} className="p-button p-component">
        <i className="pi pi-sign-in mr-2" aria-hidden="true" />
        {t('common.signIn')}
      </Link>
    </>
  );
}
