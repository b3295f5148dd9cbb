import type { Page } from '@playwright/test';

/**
 * Chromium here reaches no push service, so this browser's subscription is made up: the portal keeps it (its
 * address is on a listed service) and nothing is posted to it, since no reminder comes due during the test.
 */
export function pretendPushService(page: Page) {
  return page.addInitScript(() => {
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-browser',
      toJSON: () => ({ endpoint: subscription.endpoint, keys: { p256dh: 'e2e-p256dh', auth: 'e2e-auth' } }),
      unsubscribe: async () => true,
    };
    let subscribed = false;
    PushManager.prototype.getSubscription = async () => (subscribed ? (subscription as never) : null);
    PushManager.prototype.subscribe = async () => {
      subscribed = true;
      return subscription as never;
    };
  });
}
