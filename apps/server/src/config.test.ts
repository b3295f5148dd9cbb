import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const run = promisify(execFile);

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.mailFrom).toBe('Teen Devotional <no-reply@localhost>');
    expect(config.admin).toBeUndefined();
  });

  it('reads a relative DATA_DIR or WEB_DIST from the folder the command was run in (npm sets INIT_CWD)', () => {
    const config = loadConfig({ INIT_CWD: '/srv/portal', DATA_DIR: 'data', WEB_DIST: 'web' });
    expect(config.dataDir).toBe(path.resolve('/srv/portal/data'));
    expect(config.webDist).toBe(path.resolve('/srv/portal/web'));
    expect(loadConfig({ INIT_CWD: '/srv/portal', DATA_DIR: '/var/lib/portal' }).dataDir).toBe('/var/lib/portal');
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.org/' }).publicUrl).toBe('https://portal.example.org');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_URL', 'not a url'],
    ['SMTP_URL', 'http://mail.example.org'],
    ['PUBLIC_URL', 'ftp://example.org'],
    ['JWT_SECRET', 'short'],
    ['ADMIN_EMAIL', 'nobody'],
    ['CORS_ORIGINS', 'https://ok.example.org,not an origin'],
    ['COOKIE_SAMESITE', 'loose'],
    ['REFRESH_REUSE_GRACE_SECONDS', '-1'],
    ['ACCEL_REDIRECT_PREFIX', 'protected-files'],
    ['ACCEL_REDIRECT_PREFIX', '/'],
    ['TERMS_URL', 'terms.html'],
    ['PRIVACY_URL', 'mailto:privacy@example.org'],
    ['STORAGE', 'ftp'],
    ['S3_BUCKET', 'Not A Bucket'],
    ['S3_ENDPOINT', 's3.example.org'],
    ['DOWNLOAD_DELIVERY', 'email'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['METRICS_TOKEN', 'short'],
    ['SHUTDOWN_TIMEOUT_SECONDS', '0'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '0'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,nginx.internal'],
  ])('rejects %s=%s with a message naming it', (name, value) => {
    expect(() =>
      loadConfig({ [name]: value, ...(name === 'ADMIN_EMAIL' ? { ADMIN_PASSWORD: 'long-enough-1' } : {}) }),
    ).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('leaves X-Accel-Redirect off unless ACCEL_REDIRECT_PREFIX names a path, kept without a trailing slash', () => {
    expect(loadConfig({}).accelRedirectPrefix).toBeUndefined();
    expect(loadConfig({ ACCEL_REDIRECT_PREFIX: '' }).accelRedirectPrefix).toBeUndefined();
    expect(loadConfig({ ACCEL_REDIRECT_PREFIX: '/protected-files/' }).accelRedirectPrefix).toBe('/protected-files');
  });

  it('reads TRUST_PROXY as no proxy, a number of hops (true: one) or the proxies’ addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    const oneHop = loadConfig({ TRUST_PROXY: 'true' }).trustProxy as (address: string, hop: number) => boolean;
    expect([oneHop('127.0.0.1', 0), oneHop('6.6.6.6', 1)]).toEqual([true, false]);
    const twoHops = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([twoHops('10.0.0.2', 1), twoHops('6.6.6.6', 2)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, fd00::/8 ,loopback,192.0.2.7' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
      '192.0.2.7',
    ]);
  });

  it('reads CORS origins as a list of bare origins', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' https://app.example.org/ , http://localhost:3000' }).corsOrigins).toEqual([
      'https://app.example.org',
      'http://localhost:3000',
    ]);
  });

  it('refuses COOKIE_SAMESITE none unless PUBLIC_URL is https', () => {
    expect(() => loadConfig({ COOKIE_SAMESITE: 'none' })).toThrow(/COOKIE_SAMESITE none needs an https PUBLIC_URL/);
    expect(loadConfig({ COOKIE_SAMESITE: 'none', PUBLIC_URL: 'https://portal.example.org' }).cookieSameSite).toBe(
      'none',
    );
  });

  it('links the installation’s terms and privacy notice when given, and names the operator as its mail does', () => {
    const defaults = loadConfig({});
    expect(defaults.links.terms).toBeUndefined();
    expect(defaults.links.privacy).toBeUndefined();
    expect(defaults.operator).toBe('Teen Devotional');
    const own = loadConfig({
      TERMS_URL: 'https://example.org/terms',
      PRIVACY_URL: 'https://example.org/privacy',
      MAIL_FROM: '"Grace Chapel Youth" <youth@example.org>',
    });
    expect(own.links).toMatchObject({ terms: 'https://example.org/terms', privacy: 'https://example.org/privacy' });
    expect(own.operator).toBe('Grace Chapel Youth');
    expect(
      loadConfig({ MAIL_FROM: 'youth@example.org', EXTERNAL_HOME_URL: 'https://youth.example.org/' }).operator,
    ).toBe('youth.example.org');
  });

  it('keeps files on the disk unless STORAGE=s3 names a bucket, and reads its settings', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(loadConfig({}).downloadDelivery).toBe('stream');
    const shared = {
      DATABASE_URL: 'postgres://portal@db.example.org/portal',
      STORAGE: 's3',
      S3_ENDPOINT: 'https://s3.example.org',
      S3_BUCKET: 'portal-files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      DOWNLOAD_DELIVERY: 'redirect',
      REDIS_URL: 'redis://127.0.0.1:6379',
    };
    const config = loadConfig(shared);
    expect(config.storage).toEqual({
      kind: 's3',
      endpoint: 'https://s3.example.org',
      bucket: 'portal-files',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(config.downloadDelivery).toBe('redirect');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    // Without keys, the AWS SDK's own chain (an instance role, say).
    expect(loadConfig({ ...shared, S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }).storage).toMatchObject({
      credentials: undefined,
    });
  });

  it.each([
    [
      { STORAGE: 's3', S3_BUCKET: 'portal-files' },
      'STORAGE=s3 is for several instances, which need a shared PostgreSQL',
    ],
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, 'REDIS_URL is for several instances, which need a shared PostgreSQL'],
    [{ DATABASE_URL: 'postgres://db/portal', STORAGE: 's3' }, 'STORAGE=s3 needs S3_BUCKET'],
    [
      { DOWNLOAD_DELIVERY: 'redirect' },
      'DOWNLOAD_DELIVERY=redirect sends readers to the bucket, so it needs STORAGE=s3',
    ],
    [
      { DATABASE_URL: 'postgres://db/portal', STORAGE: 's3', S3_BUCKET: 'files', ACCEL_REDIRECT_PREFIX: '/files' },
      'ACCEL_REDIRECT_PREFIX lets nginx send files from the disk, so it needs STORAGE=disk',
    ],
    [
      { DATABASE_URL: 'postgres://db/portal', STORAGE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ],
  ])('refuses settings that cannot work together (%j) with one line saying why', (environment, why) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(`Invalid configuration: ${why}`);
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.org' })).toThrow(ConfigError);
  });
});

describe('server start-up', () => {
  const server = path.resolve(import.meta.dirname, 'server.ts');

  it.each([
    ['PORT', 'not-a-port'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['STORAGE', 's3'],
  ])('stops with one line naming %s when it is bad', async (name, value) => {
    const failure = await run(process.execPath, [server], { env: { ...process.env, [name]: value } }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.trim().split('\n')).toHaveLength(1);
    expect(failure?.stderr).toMatch(new RegExp(`^Invalid configuration: ${name}[ =]`));
  });
});
