import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EditionNotifications } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/index.ts';
import { accounts, languages } from '../src/db/schema.ts';
import { SEND_BATCH } from '../src/modules/notifications/service.ts';
import { createScratchDatabase, type ScratchDatabase } from './database.ts';
import { edition, makePdf, multipart } from './files.ts';
import { embeddedEnvironment, freePort, killNow, startServer } from './server-process.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';

const ADMIN = { ADMIN_EMAIL: 'notify-crash@example.org', ADMIN_PASSWORD: 'Crash-test-pass-1' };
const SUBSCRIBERS = 1000;
/**
 * A mail every 10 ms at most, and each waits 100 ms for the receiver's greeting: the run takes some fifteen
 * seconds, so the kill lands in its middle. The send jobs the killed server held stay active until pg-boss's
 * supervision (every 10 s, plugins/jobs.ts) fails them for their overdue heartbeat (10 s): some 20 s after the
 * restart.
 */
const SETTINGS = { NOTIFY_DELAY_MINUTES: '0', MAIL_RETRY_SECONDS: '1', MAIL_RATE_PER_MINUTE: '6000' };
const RECOVERY_TIMEOUT = 180_000;

/** `n` verified members who asked for new-edition mail in English, written before the server holds the data. */
async function subscribe(location: { dataDir: string } | { databaseUrl: string }, n: number) {
  const handle = await openDatabase(location);
  try {
    const [english] = await handle.db.insert(languages).values({ name: edition.language }).returning();
    const rows = Array.from({ length: n }, (_, i) => ({
      firstName: 'Member',
      lastName: String(i),
      email: `member-${i}@example.org`,
      passwordHash: 'not-a-hash',
      verifiedAt: new Date(),
      notifyEditions: true,
      notifyLanguages: [english?.id as string],
    }));
    for (let from = 0; from < n; from += 500) await handle.db.insert(accounts).values(rows.slice(from, from + 500));
    return rows.map((row) => row.email);
  } finally {
    await handle.close();
  }
}

describe('new-edition mail after kill -9 in the middle of a run of 1,000 and a restart', {
  timeout: RECOVERY_TIMEOUT + 60_000,
}, () => {
  let dataDir: string;
  let scratch: ScratchDatabase | undefined;
  let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let server: ChildProcess | undefined;
  let base = '';
  /** What the server printed (warnings and errors), shown when the upload fails. */
  let serverLog = '';
  let subscribers: string[] = [];

  const start = async () => {
    const port = await freePort();
    const database: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : {};
    server = await startServer(
      embeddedEnvironment(dataDir, port, { ...ADMIN, ...SETTINGS, ...database, SMTP_URL: receiver.url }),
    );
    server.stdout?.on('data', (chunk: Buffer) => {
      serverLog += chunk.toString();
    });
    base = `http://127.0.0.1:${port}`;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-notify-crash-'));
    scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
    receiver = await startSmtpReceiver();
    subscribers = await subscribe(scratch ? { databaseUrl: scratch.url } : { dataDir }, SUBSCRIBERS);
    await start();
  });
  afterAll(async () => {
    if (server) await killNow(server);
    await receiver?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function signIn() {
    const response = await fetch(`${base}/api/accounts/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    return { authorization: `Bearer ${((await response.json()) as { jwtToken: string }).jwtToken}` };
  }

  it('every subscriber ends with one mail, a copy at most for each mail that was in flight', async () => {
    const upload = await multipart(edition, { name: 'Teevo_English_2025_03.pdf', data: makePdf('Teevo March') });
    const uploaded = await fetch(`${base}/api/files/uploadfile`, {
      method: 'POST',
      headers: { ...(await signIn()), ...upload.headers },
      body: new Uint8Array(upload.payload),
    });
    expect(uploaded.status, `${await uploaded.text()}\n${serverLog}`).toBe(201);

    // Somewhere between a tenth and nine tenths of the run, a different moment each time.
    const killAt = 100 + Math.floor(Math.random() * 800);
    await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(killAt), {
      timeout: 60_000,
      interval: 5,
    });
    await killNow(server as ChildProcess);
    const atKill = receiver.received.length;
    expect(atKill).toBeLessThan(SUBSCRIBERS);

    const restarted = Date.now();
    await start();
    const admin = await signIn();
    const counts = async () => {
      const response = await fetch(`${base}/api/notifications/editions`, { headers: admin });
      return (await response.json()) as EditionNotifications[];
    };
    await vi.waitFor(
      async () => {
        expect(new Set(receiver.received.flatMap((mail) => mail.to)).size).toBe(SUBSCRIBERS);
        expect(await counts()).toEqual([expect.objectContaining({ sent: SUBSCRIBERS, queued: 0, failed: 0 })]);
      },
      { timeout: RECOVERY_TIMEOUT, interval: 200 },
    );
    const afterRestart = receiver.received.map((mail) => (mail.at - restarted) / 1000).filter((at) => at > 0);

    const messageIds = new Map<string, Set<string | undefined>>();
    for (const mail of receiver.received) {
      for (const to of mail.to) messageIds.set(to, (messageIds.get(to) ?? new Set()).add(mail.header('Message-ID')));
    }
    expect([...messageIds.keys()].sort()).toEqual([...subscribers].sort());
    expect([...messageIds.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    const duplicates = receiver.received.length - SUBSCRIBERS;
    console.log(
      `killed at ${atKill} mails (aimed at ${killAt}), ${receiver.errors.length} cut off in the middle; after the restart, mail again at ${Math.min(...afterRestart).toFixed(1)} s, the last at ${Math.max(...afterRestart).toFixed(1)} s; ${duplicates} duplicate(s)`,
    );
    expect(duplicates).toBeLessThanOrEqual(SEND_BATCH);
    expect(receiver.errors.filter((error) => (error as { code?: string }).code !== 'ECONNRESET')).toEqual([]);
  });
});
