import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isNoAnswer } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { useLinkToken } from '../api/mailed-token.ts';
import { useResubscribe, useUnsubscribe } from '../api/unsubscribe.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { TokenCheck } from '../components/token-status.tsx';

/**
 * Opened from a new-edition mail's "Stop these e-mails": the mail stops at once, without signing in, and the
 * page says so and offers to undo it.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const unsubscribe = useUnsubscribe(token);
  const undo = useResubscribe();
  const said = undo.data?.message ?? unsubscribe.data?.message;
  // Done, or refused by the portal (nothing of this mail's left to undo): Profile is where the choice is made.
  const undoSettled = undo.isSuccess || (undo.isError && !isNoAnswer(undo.error));

  return (
    <AuthCard title={t('profile.unsubscribe.title')}>
      <TokenCheck
        token={token}
        check={unsubscribe}
        pending={t('profile.unsubscribe.pending')}
        failed={unsubscribe.error?.message ?? translateMessage(NOTIFICATION_MESSAGES.linkInvalid)}
        recovery={
          <Link to="/user/profile" className="font-medium">
            {t('profile.unsubscribe.profile')}
          </Link>
        }
      >
        <Message
          severity="success"
          className="w-full justify-content-start mb-4"
          text={said && translateMessage(said)}
          role="status"
        />
        {undoSettled ? (
          <Link to="/user/profile">{t('profile.unsubscribe.profile')}</Link>
        ) : (
          <Button
            type="button"
            label={t('profile.unsubscribe.undo')}
            icon="pi pi-undo"
            outlined
            loading={undo.isPending}
            onClick={() => undo.mutate(token)}
          />
        )}
        {undo.isError && <p className="p-error">{undo.error.message}</p>}
      </TokenCheck>
    </AuthCard>
  );
}
