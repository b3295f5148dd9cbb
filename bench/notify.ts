/**
 * New-edition mail at scale (issue 18): SUBSCRIBERS (20,000) members who asked for it, one upload, and the portal,
 * as `npm start` runs it with NOTIFY_DELAY_MINUTES=0 and no rate limit, mailing a local SMTP receiver in this
 * process. Prints:
 * - time to queue: from the upload's answer until every subscriber has a delivery (the File List's counts);
 * - mails a second at the receiver, from the first mail to the last;
 * - the portal's resident memory: idle before, its peak (sampled every 20 ms), once every delivery is written, at
 *   each quarter of the mails, and SETTLE_SECONDS after the last; flat means it does not grow with the mails sent;
 * beside the reference, in the same run: nodemailer in a plain Node process sending as many mails of the same
 * kind to the same receiver, 10 at once as the portal does, through the same SMTP URL: by default a connection
 * per mail, as the portal's transport makes them. smtp-server waits 100 ms before it greets a connection (to
 * catch clients that talk too soon, as real mail servers do), so that is at most 100 mails/s for 10 at once.
 * Run: node bench/notify.ts   (SUBSCRIBERS=20000, IDLE_SECONDS=10, SETTLE_SECONDS=15; SMTP_OPTIONS: nodemailer
 * options added to both SMTP URLs' query, e.g. pool=true&maxConnections=10; on the embedded database, or with
 * DATABASE_URL on a scratch database made on that server and dropped)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EditionNotifications } from '@portal/contract';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { accounts, languages } from '../apps/server/src/db/schema.ts';
import { createScratchDatabase } from '../apps/server/test/database.ts';
import { makePdf } from '../apps/server/test/files.ts';
import { startSmtpReceiver } from '../apps/server/test/smtp-receiver.ts';
import { residentMb, signInAsAdmin, startPortal, uploadEditions, watchMemory } from './lib.ts';

const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 20_000);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 10);
/** Past the portal's idle collection, 10 s after its last request (src/idle-collection.ts). */
const SETTLE_SECONDS = Number(process.env.SETTLE_SECONDS ?? 15);
const SMTP_OPTIONS = process.env.SMTP_OPTIONS ?? '';
const PORT = 4721;

/** The subscribers, written before the portal starts (on the embedded database it then holds the data folder). */
async function subscribe(location: { dataDir: string } | { databaseUrl: string }) {
  const handle = await openDatabase(location);
  try {
    const [english] = await handle.db.insert(languages).values({ name: 'English' }).returning();
    for (let from = 0; from < SUBSCRIBERS; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, SUBSCRIBERS - from) }, (_, i) => ({
        firstName: 'Member',
        lastName: String(from + i),
        email: `member-${from + i}@bench.example`,
        passwordHash: 'not-a-hash',
        verifiedAt: new Date(),
        notifyEditions: true,
        notifyLanguages: [english?.id as string],
      }));
      await handle.db.insert(accounts).values(rows);
    }
  } finally {
    await handle.close();
  }
}

/** The reference: nodemailer sending `count` mails like the portal's to `smtpUrl`, 10 at once. */
function referenceSender(smtpUrl: string, count: number) {
  const source = `
    const nodemailer = require('nodemailer');
    const [url, count] = process.argv.slice(1);
    const transport = nodemailer.createTransport(url);
    const link = 'http://localhost:4721/user/read/0c6f3b2e-4a59-4a8e-9d4c-1f2a3b4c5d6e';
    const token = '0c6f3b2e-4a59-4a8e-9d4c-1f2a3b4c5d6e.' + 'x'.repeat(43);
    let next = 0;
    const sender = async () => {
      for (let i = next++; i < Number(count); i = next++) {
        await transport.sendMail({
          from: 'Teen Devotional <no-reply@localhost>',
          to: 'member-' + i + '@bench.example',
          subject: 'A new edition is out',
          text: 'Hello Member,\\n\\nA new edition is out:\\n\\n- Teevo in English, January 2020: ' + link + '\\n\\nYou asked to hear about new editions.\\nUnsubscribe: http://localhost:4721/en/unsubscribe?token=' + token,
          html: '<!doctype html><html lang="en"><body><p>Hello Member,</p><p>A new edition is out:</p><ul><li><a href="' + link + '">Teevo in English, January 2020</a></li></ul><p>You asked to hear about new editions. <a href="http://localhost:4721/en/unsubscribe?token=' + token + '">Unsubscribe</a></p></body></html>',
          messageId: '<' + i + '.reference@localhost>',
          headers: { 'List-Unsubscribe': '<http://localhost:4721/api/notifications/unsubscribe?token=' + token + '>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
      }
    };
    Promise.all(Array.from({ length: 10 }, sender)).then(() => transport.close());`;
  return spawn(process.execPath, ['-e', source, smtpUrl, String(count)], {
    cwd: path.resolve(import.meta.dirname, '../apps/server'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const receiver = await startSmtpReceiver();
const smtpUrl = SMTP_OPTIONS ? `${receiver.url}?${SMTP_OPTIONS}` : receiver.url;
/** Mails a second at the receiver from its first mail to its last, and their mean size (KB). */
function arrivals() {
  const times = receiver.received.map((mail) => mail.at);
  const seconds = (Math.max(...times) - Math.min(...times)) / 1000;
  const kb = receiver.received.reduce((sum, mail) => sum + mail.data.length, 0) / receiver.received.length / 1024;
  return { perSecond: (times.length - 1) / seconds, kb, last: Math.max(...times) };
}

const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-notify-'));
try {
  await subscribe(scratch ? { databaseUrl: scratch.url } : { dataDir });
  const portal = await startPortal(
    PORT,
    {
      DATA_DIR: dataDir,
      ...(scratch && { DATABASE_URL: scratch.url }),
      SMTP_URL: smtpUrl,
      NOTIFY_DELAY_MINUTES: '0',
    },
    'bundle',
  );
  const pid = portal.process.pid as number;
  let portalFigures: string[];
  try {
    await sleep(IDLE_SECONDS * 1000);
    const idle = residentMb(pid);
    const admin = await signInAsAdmin(portal.url);
    const counts = async () => {
      const response = await fetch(`${portal.url}/api/notifications/editions`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      const [edition] = (await response.json()) as EditionNotifications[];
      return { written: (edition?.sent ?? 0) + (edition?.queued ?? 0) + (edition?.failed ?? 0), ...edition };
    };
    const pdf = new Blob([new Uint8Array(makePdf('Teevo'))], { type: 'application/pdf' });
    const memory = watchMemory(pid);
    const begin = performance.now();
    await uploadEditions(portal.url, admin, 'English', pdf, 1);
    const answered = performance.now();
    const answeredAt = Date.now();
    while ((await counts()).written < SUBSCRIBERS) await sleep(50);
    const queued = performance.now();
    const atQueued = residentMb(pid);
    const quarters: number[] = [];
    while (receiver.received.length < SUBSCRIBERS) {
      if (receiver.received.length >= ((quarters.length + 1) * SUBSCRIBERS) / 4) quarters.push(residentMb(pid));
      await sleep(20);
    }
    quarters.push(residentMb(pid));
    memory.stop();
    const { sent, failed } = await counts();
    await sleep(SETTLE_SECONDS * 1000);
    const settled = residentMb(pid);
    const mails = arrivals();
    portalFigures = [
      `upload answered in ${(answered - begin).toFixed(0)} ms; every delivery written ${((queued - answered) / 1000).toFixed(1)} s after the answer`,
      `last mail ${((mails.last - answeredAt) / 1000).toFixed(1)} s after the answer; ${sent} sent, ${failed} failed, ${receiver.received.length} received`,
      `portal: ${mails.perSecond.toFixed(0)} mails/s (${mails.kb.toFixed(1)} KB each)`,
      `portal RSS (MB): idle ${idle.toFixed(0)}, peak ${memory.peak().toFixed(0)}, all written ${atQueued.toFixed(0)}, at each quarter of the mails ${quarters.map((mb) => mb.toFixed(0)).join(' / ')}, ${SETTLE_SECONDS} s after ${settled.toFixed(0)}`,
    ];
  } finally {
    await portal.stop();
  }

  receiver.received.length = 0;
  const reference = referenceSender(smtpUrl, SUBSCRIBERS);
  await once(reference, 'exit');
  const referenceMails = arrivals();
  console.log(
    `\nNew-edition mail to ${SUBSCRIBERS} subscribers, ${scratch ? 'PostgreSQL' : 'embedded database'}, portal as npm start runs it, SMTP ${SMTP_OPTIONS || 'a connection per mail'}`,
  );
  for (const line of portalFigures) console.log(line);
  console.log(
    `reference, nodemailer in a plain Node process: ${referenceMails.perSecond.toFixed(0)} mails/s (${referenceMails.kb.toFixed(1)} KB each, ${receiver.received.length} received)`,
  );
} finally {
  await receiver.close();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
