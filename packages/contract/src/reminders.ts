import { z } from 'zod';

/** What the daily reminder's API says (issue 33, point 4; decision 060). */
export const REMINDER_MESSAGES = {
  saved: 'Your daily reminder is on.',
  stopped: 'Your daily reminder is off.',
  timeInvalid: 'Choose a time such as 07:00.',
  timeZoneInvalid: 'Your browser’s time zone is not one the portal knows. Check your device’s time settings.',
  pushServiceRefused: 'This browser’s push service is not one the portal sends reminders to.',
  linkInvalid: 'This reminder can no longer stop the reminders. Turn them off in your profile.',
} as const;
const m = REMINDER_MESSAGES;

/** Whether the name is an IANA time zone (`Africa/Nairobi`) this platform's Intl knows. */
export function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A time of day, `07:00`: the minutes after midnight it names. */
export const reminderTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.timeInvalid);
export const minuteOfTime = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOfMinute = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A browser's push subscription as `PushSubscription.toJSON()` gives it (the Push API). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: m.pushServiceRefused }).max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** Turning the reminder on (or changing its time) from one browser, which will take the messages. */
export const reminderInputSchema = z.object({
  time: reminderTimeSchema,
  timeZone: z.string().max(64).refine(isTimeZone, m.timeZoneInvalid),
  subscription: pushSubscriptionSchema,
});
export type ReminderInput = z.infer<typeof reminderInputSchema>;

/** The member's reminder (null: off) and the portal's public key, which a browser subscribes with (VAPID). */
export const reminderSchema = z.object({
  reminder: z.object({ time: reminderTimeSchema, timeZone: z.string() }).nullable(),
  publicKey: z.string(),
});
export type Reminder = z.infer<typeof reminderSchema>;

/** What a reminder's push message carries to the service worker, which shows it. */
export const reminderPushSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a tap opens: today's text, or the home. */
  url: z.string(),
  /** The notification's Stop button: posted to /api/reminders/stop?token=. */
  stop: z.object({ label: z.string(), token: z.string() }),
});
export type ReminderPush = z.infer<typeof reminderPushSchema>;
