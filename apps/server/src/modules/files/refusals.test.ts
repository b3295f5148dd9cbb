import { MAX_PDF_BYTES, MESSAGES, tooLargeMessage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectedBody, loginAs, type TestApp } from '../../../test/app.ts';
import { edition, makePdf, multipart } from '../../../test/files.ts';
import { postStalled, within } from '../../../test/keep-alive.ts';
import { files, languages } from '../../db/schema.ts';

/**
 * An upload refused while its client still sends: the answer comes at once and the connection ends, rather
 * than waiting for a rest that may never come (Fastify's keep-alive timeout, 72 s).
 */
describe('an upload refused before its body has all arrived', () => {
  let app: TestApp;
  let address: string;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let user: Awaited<ReturnType<typeof loginAs>>;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.db.insert(languages).values({ name: 'English' });
    [admin, user] = await Promise.all([loginAs(app, 'Admin'), loginAs(app, 'User')]);
    address = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app?.close());

  /** Posts the head and `sent` bytes of `body`: far below Fastify's keep-alive timeout, far above an answer. */
  const stalled = (
    headers: Record<string, string>,
    body: { payload: Buffer; headers: Record<string, string> },
    sent: number,
  ) =>
    within(
      20,
      'the end of the connection',
      postStalled(
        address,
        '/api/files/uploadfile',
        { ...headers, ...body.headers, 'content-length': body.payload.length },
        body.payload.subarray(0, sent),
      ),
    );
  const april = () => multipart(edition, { name: 'april.pdf', data: makePdf('April', 2_000_000) });

  it('by a signed-out caller (401) or a member (403)', { timeout: 60_000 }, async () => {
    const signedOut = await stalled({}, await april(), 1_000_000);
    expect(signedOut.status).toBe(401);
    expect(JSON.parse(signedOut.body)).toEqual(expectedBody(MESSAGES.signInRequired));
    const member = await stalled(user.headers, await april(), 1_000_000);
    expect(member.status).toBe(403);
    expect(JSON.parse(member.body)).toEqual(expectedBody(MESSAGES.denied));
  });

  it('of a file over 30 MB (413), whose fields still come', { timeout: 60_000 }, async () => {
    const boundary = 'stalled';
    const part = (name: string, extra = '') =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n`;
    const payload = Buffer.concat([
      Buffer.from(part('file', '; filename="big.pdf"')),
      makePdf('big', MAX_PDF_BYTES),
      Buffer.from(`\r\n${part('book')}Teevo\r\n--${boundary}--\r\n`),
    ]);
    const body = { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    const answer = await stalled(admin.headers, body, payload.length - 10);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(expectedBody(tooLargeMessage('big.pdf')));
  });

  it('as a form without its boundary (400)', { timeout: 60_000 }, async () => {
    const form = await april();
    const answer = await stalled(
      admin.headers,
      { ...form, headers: { 'content-type': 'multipart/form-data' } },
      1_000_000,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual(expectedBody(MESSAGES.brokenUpload));
    expect(await app.db.select().from(files)).toEqual([]);
  });
});
