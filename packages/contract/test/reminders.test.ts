import { describe, expect, it } from 'vitest';
import { isTimeZone, minuteOfTime, reminderInputSchema, timeOfMinute } from '../src/reminders.ts';

describe('the daily reminder’s time', () => {
  it('is the minutes after midnight of a 24-hour time, and back', () => {
    expect([minuteOfTime('00:00'), minuteOfTime('07:05'), minuteOfTime('23:59')]).toEqual([0, 425, 1439]);
    expect([timeOfMinute(0), timeOfMinute(425), timeOfMinute(1439)]).toEqual(['00:00', '07:05', '23:59']);
  });

  it('takes IANA time zones only, and times a time input gives', () => {
    expect([isTimeZone('Africa/Nairobi'), isTimeZone('UTC'), isTimeZone('Mars/Olympus')]).toEqual([true, true, false]);
    const input = (time: string) =>
      reminderInputSchema.safeParse({
        time,
        timeZone: 'UTC',
        subscription: { endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: 'k', auth: 'a' } },
      }).success;
    expect(['07:00', '23:59'].map(input)).toEqual([true, true]);
    expect(['7:00', '24:00', '07:60', '07:00:00'].map(input)).toEqual([false, false, false, false]);
  });
});
