import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { i18n } from '../i18n/i18n.ts';
import { translateMessage } from '../i18n/messages.ts';
import { PushUnavailable, subscribeThisBrowser, unsubscribeThisBrowser } from '../pwa/push-subscription.ts';
import { errorToast, useToast } from '../toast.tsx';

/** The time a reminder is offered at before the member picks one. */
export const DEFAULT_REMINDER_TIME = '07:00';

/** The member's daily reminder (null: off), and the portal's key this browser subscribes with. */
export const reminderQuery = queryOptions({
  queryKey: ['reminders'],
  queryFn: ({ signal }) => api.get('/reminders', { signal }),
});

/** Why turning the reminder on or off failed, in the member's words: the browser's refusal, or the server's. */
function failure(error: unknown) {
  const said = { unsupported: 'profile.reminder.unsupported', denied: 'profile.reminder.denied' } as const;
  const reason = error instanceof PushUnavailable ? new Error(i18n.t(said[error.reason])) : error;
  return errorToast(reason, { summary: i18n.t('profile.reminder.failed'), life: 'long' });
}

/**
 * Turns the reminder on at a time (or moves it), in this browser's time zone, to this browser's notifications;
 * says how it went.
 */
export function useTurnOnReminder() {
  const queryClient = useQueryClient();
  const notify = useToast();
  return useMutation({
    mutationFn: async (time: string) => {
      const { publicKey } = await queryClient.fetchQuery(reminderQuery);
      const subscription = await subscribeThisBrowser(publicKey);
      const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
      return api.put('/reminders', { body: { time, timeZone, subscription } });
    },
    onSuccess: ({ message }) => {
      notify({ severity: 'success', summary: i18n.t('profile.saved'), detail: translateMessage(message) });
      return queryClient.invalidateQueries({ queryKey: reminderQuery.queryKey });
    },
    onError: (error) => notify(failure(error)),
  });
}

/** Turns the reminder off for every browser of the member's. */
export function useTurnOffReminder() {
  const queryClient = useQueryClient();
  const notify = useToast();
  return useMutation({
    mutationFn: async () => {
      const answer = await api.delete('/reminders');
      await unsubscribeThisBrowser().catch(() => undefined);
      return answer;
    },
    onSuccess: ({ message }) => {
      notify({ severity: 'success', summary: i18n.t('profile.saved'), detail: translateMessage(message) });
      return queryClient.invalidateQueries({ queryKey: reminderQuery.queryKey });
    },
    onError: (error) => notify(errorToast(error, { summary: i18n.t('profile.savingFailed') })),
  });
}
