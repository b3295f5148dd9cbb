import type { PushSubscriptionInput } from '@portal/contract';

/** Why this browser could not take the reminder: it has no Web Push, or its notifications are blocked. */
export class PushUnavailable extends Error {
  readonly reason: 'unsupported' | 'denied';
  constructor(reason: 'unsupported' | 'denied') {
    super(reason);
    this.reason = reason;
  }
}

/**
 * Whether this browser can take the daily reminder: a service worker with the Push API and notifications (an
 * iPhone's Safari only in an app added to the Home Screen).
 */
export const pushSupported = () =>
  'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';

/** Asks to show notifications, then subscribes this browser with the portal's public key (or keeps its subscription). */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  if (!pushSupported()) throw new PushUnavailable('unsupported');
  if ((await Notification.requestPermission()) !== 'granted') throw new PushUnavailable('denied');
  const { pushManager } = await navigator.serviceWorker.ready;
  const subscription =
    (await pushManager.getSubscription()) ??
    (await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

/** Forgets this browser's subscription, if it has one: no push service keeps it for nothing. */
export async function unsubscribeThisBrowser() {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}
