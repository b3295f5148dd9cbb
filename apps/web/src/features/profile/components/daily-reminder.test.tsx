import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from '../../../lib/session/session-store.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { session } from '../../../testing/session.ts';
import { DailyReminder } from './daily-reminder.tsx';

const SUBSCRIPTION = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'key', auth: 'secret' } };

let saved: unknown[] = [];
let reminder: { time: string; timeZone: string } | null = null;

/** A browser with the Push API whose member answers the notification question with `permission`. */
function browserWithPush(permission: NotificationPermission) {
  const pushManager = {
    getSubscription: async () => null,
    subscribe: vi.fn(async () => ({ endpoint: SUBSCRIPTION.endpoint, toJSON: () => SUBSCRIPTION })),
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission: async () => permission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }), getRegistration: async () => ({ pushManager }) },
  });
  return pushManager;
}

beforeEach(() => {
  saved = [];
  reminder = null;
  startSession(session('token'));
  server.use(
    http.get('/api/reminders', () => HttpResponse.json({ reminder, publicKey: 'BPublicKey' })),
    http.put('/api/reminders', async ({ request }) => {
      const body = (await request.json()) as { time: string; timeZone: string };
      saved.push(body);
      reminder = { time: body.time, timeZone: body.timeZone };
      return HttpResponse.json({ message: 'Your daily reminder is on.' });
    }),
  );
});
afterEach(() => {
  endSession('signed-out');
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('DailyReminder', () => {
  it('in a browser without Web Push, says so and offers nothing', async () => {
    renderWithApp(<DailyReminder />);
    expect(await screen.findByText(/This browser can’t show the portal’s notifications/)).toBeDefined();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('turns on at the chosen time with this browser’s subscription and time zone, then says when it comes', async () => {
    const pushManager = browserWithPush('granted');
    const { user } = renderWithApp(<DailyReminder />);
    const time = await screen.findByLabelText('Time');
    await user.clear(time);
    await user.type(time, '06:45');
    await user.click(screen.getByRole('button', { name: 'Remind me' }));
    const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
    expect(await screen.findByText(`On: every day at 06:45 (${timeZone}).`)).toBeDefined();
    expect(saved).toEqual([{ time: '06:45', timeZone, subscription: SUBSCRIPTION }]);
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: 'BPublicKey' });
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeDefined();
  });

  it('when notifications are blocked, says how to allow them and saves nothing', async () => {
    browserWithPush('denied');
    const { user } = renderWithApp(<DailyReminder />);
    await user.click(await screen.findByRole('button', { name: 'Remind me' }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeDefined();
    expect(saved).toEqual([]);
  });
});
