import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../test/app.ts';
import { edition, makePdf, uploadEdition } from '../../test/files.ts';
import { languages } from '../db/schema.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('GET /api/metrics without METRICS_TOKEN', () => {
  it('does not exist', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(404);
    await app.close();
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    await app.db.insert(languages).values({ name: 'English' });
  });
  afterAll(() => app.close());

  const scrape = async () => {
    const response = await app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    return response.body;
  };
  /** The value of one sample line, e.g. `portal_uploads_total`. */
  const sample = (text: string, series: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${series} `))
        ?.slice(series.length + 1),
    );

  it.each([
    ['no', {}],
    ['a wrong', { authorization: `Bearer ${TOKEN}x` }],
    ['a bare', { authorization: TOKEN }],
  ])('answers %s token 401', async (_, headers) => {
    expect((await app.inject({ url: '/api/metrics', headers })).statusCode).toBe(401);
  });

  it('counts requests by method, route pattern and status, with their durations', async () => {
    await app.inject({ url: '/api/config' });
    const admin = await loginAs(app, 'Admin');
    await app.inject({ url: '/api/files/00000000-0000-4000-8000-000000000000?token=secret', headers: admin.headers });
    const text = await scrape();
    expect(
      sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/config",status_code="200"}'),
    ).toBe(1);
    expect(text).toContain(
      'portal_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/config",status_code="200"}',
    );
    expect(
      sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/files/:id",status_code="404"}'),
    ).toBe(1);
    expect(text).not.toContain('secret');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts an upload, then a download and the bytes it sent', async () => {
    const admin = await loginAs(app, 'Admin');
    const pdf = makePdf('Teevo March', 300_000);
    const uploaded = await uploadEdition(app, admin.headers, edition, { name: 'march.pdf', data: pdf });
    expect(uploaded.statusCode).toBe(201);
    const reader = await loginAs(app, 'User');
    const downloaded = await app.inject({ url: `/api/files/${uploaded.json().id}/download`, headers: reader.headers });
    expect(downloaded.rawPayload.length).toBe(pdf.length);

    const text = await scrape();
    expect(sample(text, 'portal_uploads_total')).toBe(1);
    expect(sample(text, 'portal_downloads_total')).toBe(1);
    expect(sample(text, 'portal_download_bytes_sent_total')).toBe(pdf.length);
    expect(
      sample(
        text,
        'portal_http_request_duration_seconds_count{method="GET",route="/api/files/:id/download",status_code="200"}',
      ),
    ).toBe(1);
  });

  it('counts mails sent and failed, and none pending once they settle', async () => {
    await app.mail.send({ to: 'someone@example.org', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    await app.mail.send(Promise.reject(new Error('not composed'))).catch(() => undefined);
    await app.mail.idle();
    const text = await scrape();
    expect(sample(text, 'portal_mails_total{result="sent"}')).toBe(1);
    expect(sample(text, 'portal_mails_total{result="failed"}')).toBe(1);
    expect(sample(text, 'portal_mails_pending')).toBe(0);
  });
});
