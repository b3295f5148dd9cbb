import type { NotificationChoice } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';

const NOTIFICATIONS = ['notifications'] as const;

/** The signed-in member's new-edition mail: on or off, which books (null: every book) and languages. */
export const notificationChoiceQuery = queryOptions({
  queryKey: [...NOTIFICATIONS, 'choice'],
  queryFn: ({ signal }) => api.get('/notifications/choice', { signal }),
});

export function useSaveNotificationChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: NotificationChoice) => api.put('/notifications/choice', { body: choice }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationChoiceQuery.queryKey }),
  });
}

/** For the File List: how each edition's new-edition mail went. */
export const editionNotificationsQuery = queryOptions({
  queryKey: [...NOTIFICATIONS, 'editions'],
  queryFn: ({ signal }) => api.get('/notifications/editions', { signal }),
});

export const notificationSettingsQuery = queryOptions({
  queryKey: [...NOTIFICATIONS, 'settings'],
  queryFn: ({ signal }) => api.get('/notifications/settings', { signal }),
});

/** Pauses or resumes all new-edition mail (Super Admins). */
export function useSetNotificationsPaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) => api.put('/notifications/settings', { body: { paused } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS }),
  });
}

/** Tries an edition's failed mails again (Super Admins). */
export function useResendFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => api.post('/notifications/editions/:id/resend', { params: { id: fileId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editionNotificationsQuery.queryKey }),
  });
}
