import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, nextAddress, type TestApp } from '../../test/app.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';

const registration = (email: string) => ({
  fullName: 'Mail Tester',
  email,
  password: 'Strong-pass-1',
  confirmPassword: 'Strong-pass-1',
  isMember: false,
  acceptTerms: true,
});

describe('mail through SMTP_URL', () => {
  let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let app: TestApp;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    app = await buildTestApp({ SMTP_URL: receiver.url, PUBLIC_URL: 'https://portal.example.org' });
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it('a real SMTP receiver gets the verification mail with its link', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/register',
      payload: registration('smtp.user@example.org'),
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(200);
    await app.mail.idle();
    const { received } = receiver;
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['smtp.user@example.org']);
    const unfolded = received[0]?.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(unfolded).toMatch(/Subject: Verify your e-mail address/);
    expect(unfolded).toMatch(/https:\/\/portal\.example\.org\/en\/account\/verify-email\?token=[\w-]{20,}/);
  });
});

describe('mail without SMTP_URL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('is written as an .eml file to DATA_DIR/outbox', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/accounts/register',
      payload: registration('outbox.user@example.org'),
      remoteAddress: nextAddress(),
    });
    await app.mail.idle();
    const outbox = path.join(app.config.dataDir, 'outbox');
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const message = await readFile(path.join(outbox, files[0] as string), 'utf8');
    expect(message).toContain('To: outbox.user@example.org');
    expect(message).toContain('Subject: Verify your e-mail address');
  });
});
