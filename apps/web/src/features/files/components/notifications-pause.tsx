import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { notificationSettingsQuery, useSetNotificationsPaused } from '../../../lib/resources/notifications.ts';
import { errorToast, useToast } from '../../../lib/toast.tsx';

/**
 * Above the File List: whether new-edition mail is paused, said to every admin; a Super Admin (`managed`)
 * pauses and resumes it here.
 */
export function NotificationsPause({ managed }: { managed: boolean }) {
  const { t } = useTranslation();
  const notify = useToast();
  const settings = useQuery(notificationSettingsQuery);
  const change = useSetNotificationsPaused();
  const paused = settings.data?.paused;
  if (paused === undefined || (!paused && !managed)) return null;
  const toggle = () =>
    change.mutate(!paused, {
      onSuccess: ({ message }) =>
        notify({ severity: 'success', summary: t('common.success'), detail: translateMessage(message) }),
      onError: (error) => notify(errorToast(error)),
    });
  return (
    <div className="flex flex-column sm:flex-row sm:align-items-center gap-2 mb-3">
      {paused && <Message severity="warn" className="flex-1 justify-content-start" text={t('files.told.pausedNote')} />}
      {managed && (
        <Button
          type="button"
          label={paused ? t('files.told.resume') : t('files.told.pause')}
          icon={paused ? 'pi pi-play' : 'pi pi-pause'}
          outlined
          loading={change.isPending}
          onClick={toggle}
        />
      )}
    </div>
  );
}
