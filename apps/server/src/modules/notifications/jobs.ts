import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eachJob } from '../../plugins/jobs.ts';
import {
  DIGEST_QUEUE,
  notificationsPaused,
  queueSends,
  runDigest,
  SEND_BATCH,
  SEND_QUEUE,
  SEND_RETRIES,
  type SendJob,
  scheduleDigest,
  sendDigestMail,
} from './service.ts';

/**
 * The new-edition mail's workers (decision 034): the digest, one run at a time, and the members' mails, a
 * few at once. At start, whatever a stop left behind is picked up again: editions still waiting, and mails
 * still owed (a member's mail is one job at a time, so asking again changes nothing).
 */
export default fp(
  async (app: FastifyInstance) => {
    const { jobs } = app;
    await jobs.createQueue(DIGEST_QUEUE, { policy: 'short', retryLimit: 5, retryDelay: 30, retryBackoff: true });
    await jobs.createQueue(SEND_QUEUE, {
      policy: 'exclusive',
      retryLimit: SEND_RETRIES,
      retryDelay: app.config.notify.retrySeconds,
      retryBackoff: true,
      retryDelayMax: 3600,
      // A batch's last mail may wait its turn under MAIL_RATE_PER_MINUTE for a while.
      expireInSeconds: 300 + Math.ceil((SEND_BATCH * 60) / (app.config.notify.ratePerMinute ?? Infinity)),
      // pg-boss's least: a job whose worker died is given up on 10 s after its last sign of life.
      heartbeatSeconds: 10,
    });
    await jobs.work(DIGEST_QUEUE, { pollingIntervalSeconds: 1 }, () => runDigest(app));
    // Mails go out a batch at a time, each of the batch at once, and the next batch is fetched as soon as
    // one was full; each mail's job is settled on its own, so one failure retries only its own mail.
    await jobs.work<SendJob>(
      SEND_QUEUE,
      { pollingIntervalSeconds: 1, batchSize: SEND_BATCH, burstWhenBatchFull: true, perJobResults: true },
      eachJob((job) => sendDigestMail(app, job.data, job.retryCount >= SEND_RETRIES)),
    );
    await scheduleDigest(app);
    if (!(await notificationsPaused(app.db))) await queueSends(app, undefined);
  },
  { name: 'notification-jobs', dependencies: ['jobs', 'db', 'mail', 'auth'] },
);
