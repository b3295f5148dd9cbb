import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eachJob } from '../../plugins/jobs.ts';
import { queueDue, REMINDER_QUEUE, type ReminderJob, sendReminder } from './service.ts';

const RETRIES = 3;
const BATCH = 20;
/** How often each instance looks for reminders whose time has come (claims are shared, so any may). */
const TICK_MS = 60_000;

/** The daily reminder's worker and its minute tick (decision 061). */
export default fp(
  async (app: FastifyInstance) => {
    await app.jobs.createQueue(REMINDER_QUEUE, { retryLimit: RETRIES, retryDelay: 60, retryBackoff: true });
    // A batch at a time, each of it at once, the next fetched as soon as one was full: at 7:00 many are due together.
    await app.jobs.work<ReminderJob>(
      REMINDER_QUEUE,
      { pollingIntervalSeconds: 1, batchSize: BATCH, burstWhenBatchFull: true, perJobResults: true },
      eachJob((job) => sendReminder(app, job.data, job.retryCount >= RETRIES)),
    );
    const tick = async () => {
      await queueDue(app).catch((error: unknown) =>
        app.log.error({ err: error }, 'the daily reminders could not be queued'),
      );
    };
    const timer = setInterval(tick, TICK_MS);
    timer.unref();
    app.addHook('onReady', tick);
    app.addHook('onClose', () => clearInterval(timer));
  },
  { name: 'reminder-jobs', dependencies: ['jobs', 'db', 'auth'] },
);
