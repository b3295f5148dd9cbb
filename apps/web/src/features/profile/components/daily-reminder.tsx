import type { Reminder } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/form-field.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { pushSupported } from '../../../lib/pwa/push-subscription.ts';
import {
  DEFAULT_REMINDER_TIME,
  reminderQuery,
  useTurnOffReminder,
  useTurnOnReminder,
} from '../../../lib/resources/reminders.ts';
import { ProfilePart } from './profile-part.tsx';

const NOTE_ID = 'daily-reminder-note';

/** Below the profile: the daily reminder through this browser's notifications (issue 33), off unless turned on. */
export function DailyReminder() {
  const { t } = useTranslation();
  const reminder = useQuery({ ...reminderQuery, enabled: pushSupported() });
  return (
    <ProfilePart id="daily-reminder" title={t('profile.reminder.title')} note={t('profile.reminder.note')}>
      {!pushSupported() ? (
        <p className="m-0">{t('profile.reminder.unsupported')}</p>
      ) : reminder.data ? (
        <ReminderForm reminder={reminder.data.reminder} />
      ) : (
        <PageLoader />
      )}
    </ProfilePart>
  );
}

function ReminderForm({ reminder }: { reminder: Reminder['reminder'] }) {
  const { t } = useTranslation();
  const [time, setTime] = useState(reminder?.time ?? DEFAULT_REMINDER_TIME);
  const turnOn = useTurnOnReminder();
  const turnOff = useTurnOffReminder();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    turnOn.mutate(time);
  };
  return (
    <form onSubmit={submit} noValidate aria-describedby={NOTE_ID}>
      {reminder && (
        <p className="mt-0" role="status">
          {t('profile.reminder.on', reminder)}
        </p>
      )}
      <FormField id="daily-reminder-time" label={t('profile.reminder.time')}>
        {(aria) => (
          <InputText
            type="time"
            value={time}
            onChange={(event) => setTime(event.target.value)}
            required
            className="block w-auto"
            {...aria}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          label={t(reminder ? 'profile.reminder.save' : 'profile.reminder.turnOn')}
          icon="pi pi-bell"
          loading={turnOn.isPending}
        />
        {reminder && (
          <Button
            type="button"
            label={t('profile.reminder.turnOff')}
            icon="pi pi-times"
            severity="secondary"
            outlined
            loading={turnOff.isPending}
            onClick={() => turnOff.mutate()}
          />
        )}
      </div>
    </form>
  );
}
