import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { pushSupported } from '../../../lib/pwa/push-subscription.ts';
import { DEFAULT_REMINDER_TIME, reminderQuery, useTurnOnReminder } from '../../../lib/resources/reminders.ts';

/**
 * Under today's readings, while the member has no daily reminder and this browser can take one: one tap turns it
 * on at the usual time (Profile changes the time or turns it off).
 */
export function ReminderOffer() {
  const { t } = useTranslation();
  const reminder = useQuery({ ...reminderQuery, enabled: pushSupported() });
  const turnOn = useTurnOnReminder();
  if (!reminder.data || reminder.data.reminder) return null;
  return (
    <Button
      type="button"
      className="mt-3"
      label={t('profile.reminder.offer', { time: DEFAULT_REMINDER_TIME })}
      icon="pi pi-bell"
      text
      loading={turnOn.isPending}
      onClick={() => turnOn.mutate(DEFAULT_REMINDER_TIME)}
    />
  );
}
