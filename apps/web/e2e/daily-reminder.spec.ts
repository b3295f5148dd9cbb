import type { Page } from '@playwright/test';
import type { ReminderPush } from '@portal/contract';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { pretendPushService } from './support/push.ts';
import { signInAs } from './support/session.ts';

test.use({ timezoneId: 'Africa/Nairobi' });

/** The notifications the portal's service worker shows (`actions` is Chromium's, not in TypeScript's DOM yet). */
const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      actions: (notification as Notification & { actions: { title: string }[] }).actions.map(({ title }) => title),
    })),
  );

test('a member turns the daily reminder on in Profile; its service worker shows a pushed reminder; Turn off stops it', async ({
  page,
  context,
}) => {
  await signInAs(page, 'User');
  await context.grantPermissions(['notifications']);
  await pretendPushService(page);
  await page.goto('/user/profile');
  const section = page.getByRole('region', { name: 'Daily reminder' });
  await expect(section).toContainText('Off unless you turn it on');
  await section.getByRole('textbox', { name: 'Time' }).fill('06:30');
  await section.getByRole('button', { name: 'Remind me' }).click();
  await expect(page.getByText('Your daily reminder is on.')).toBeVisible();
  const on = 'On: every day at 06:30 (Africa/Nairobi).';
  await expect(section.getByRole('status')).toHaveText(on);
  await page.reload();
  await expect(section.getByRole('status')).toHaveText(on);
  await expect(section.getByRole('textbox', { name: 'Time' })).toHaveValue('06:30');
  expect(await seriousViolations(page)).toEqual([]);

  // A reminder pushed to this browser, as a push service delivers it (Chromium's DevTools protocol).
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((registration) => !registration.isDeleted);
      if (live) resolve(live.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const message: ReminderPush = {
    title: 'Saturday 28 November',
    body: 'Teevo: Forgiveness',
    url: '/user/read/e2e/day/28',
    stop: { label: 'Stop reminders', token: 'e2e' },
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify(message),
  });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([{ title: message.title, body: message.body, actions: ['Stop reminders'] }]);

  await section.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Your daily reminder is off.')).toBeVisible();
  await expect(section.getByRole('status')).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Remind me' })).toBeVisible();
});

test('a browser whose notifications are blocked is told how to allow them, and nothing is turned on', async ({
  page,
  context,
}) => {
  await signInAs(page, 'User');
  await context.clearPermissions();
  await pretendPushService(page);
  await page.goto('/user/profile');
  // Headless Chromium answers the question itself: denied, as a member who blocked the site.
  await page.evaluate(() => {
    Notification.requestPermission = async () => 'denied';
  });
  const section = page.getByRole('region', { name: 'Daily reminder' });
  await section.getByRole('button', { name: 'Remind me' }).click();
  await expect(page.getByText('Notifications are blocked for this site.', { exact: false })).toBeVisible();
  await page.reload();
  await expect(section.getByRole('button', { name: 'Remind me' })).toBeVisible();
  await expect(section.getByRole('status')).toHaveCount(0);
});
