import { isIP } from 'node:net';
import path from 'node:path';
import { isTimeZone } from '@portal/contract';
import { z } from 'zod';

/** A whole number from `min` to `max` (unbounded above when unset), refused with one message naming the range. */
function wholeNumber(min: number, max?: number) {
  const message =
    max === undefined ? `must be a whole number of ${min} or more` : `must be a whole number from ${min} to ${max}`;
  const atLeast = z.coerce.number({ error: message }).int(message).min(min, message);
  return max === undefined ? atLeast : atLeast.max(max, message);
}

const port = wholeNumber(1, 65535);

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** The push services of Chrome and Android, Firefox, Safari and Edge, where browsers' subscriptions point. */
const DEFAULT_PUSH_SERVICES = 'fcm.googleapis.com,updates.push.services.mozilla.com,push.apple.com,notify.windows.com';

const trueOrFalse = z.enum(['true', 'false'], { error: 'must be true or false' });

/** An address or CIDR range (`10.0.0.0/8`, `fd00::/8`), or one of the named ranges Fastify knows. */
function isProxyAddress(entry: string) {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Which hops of X-Forwarded-For to believe: none; `true`, the one proxy in front; a number of proxies; or
 * the proxies' addresses. The client is the right-most address no trusted proxy wrote, never an entry the
 * client could have written itself. A count is handed to Fastify as a function (its own reading of a number
 * trusts no hop at all); addresses go as they are.
 */
const trustedProxies = z.string().transform((value, context) => {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  const hops = trimmed === 'true' ? 1 : /^\d{1,2}$/.test(trimmed) ? Number(trimmed) : 0;
  if (hops >= 1 && hops <= 10) return (_address: string, hop: number) => hop < hops;
  const entries = trimmed.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  context.addIssue({
    code: 'custom',
    message:
      'must be false, true (one proxy), a number of proxies from 1 to 10, or their addresses (10.0.0.5, 10.0.0.0/8)',
  });
  return z.NEVER;
});

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  TRUST_PROXY: trustedProxies.default(false),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })),
  PUBLIC_URL: optional(httpUrl),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: z.string().min(3).default('Teen Devotional <no-reply@localhost>'),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  ADMIN_EMAIL: optional(z.email({ error: 'must be an e-mail address' })),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
  TIME_ZONE: z.string().default('UTC').refine(isTimeZone, 'must be an IANA time zone such as UTC or Africa/Accra'),
  WEB_DIST: z.string().min(1).optional(),
  AUTH_RATE_LIMIT: wholeNumber(1).default(10),
  REFRESH_REUSE_GRACE_SECONDS: wholeNumber(0, 60).default(10),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be comma-separated http(s) origins' }))),
  COOKIE_SAMESITE: z.enum(['strict', 'lax', 'none'], { error: 'must be strict, lax or none' }).default('strict'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCEL_REDIRECT_PREFIX: optional(
    z
      .string()
      .regex(/^(\/[\w.~-]+)+\/?$/, 'must be a path such as /protected-files')
      .transform((prefix) => prefix.replace(/\/+$/, '')),
  ),
  STORAGE: z.enum(['disk', 's3'], { error: 'must be disk or s3' }).default('disk'),
  S3_ENDPOINT: optional(httpUrl),
  S3_BUCKET: optional(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name such as portal-files'),
  ),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  S3_FORCE_PATH_STYLE: trueOrFalse.default('false'),
  DOWNLOAD_DELIVERY: z.enum(['stream', 'redirect'], { error: 'must be stream or redirect' }).default('stream'),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })),
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
  SHUTDOWN_TIMEOUT_SECONDS: wholeNumber(1, 3600).default(60),
  NOTIFY_DELAY_MINUTES: wholeNumber(0, 1440).default(10),
  NOTIFY_HOUR: optional(wholeNumber(0, 23)),
  MAIL_RATE_PER_MINUTE: optional(wholeNumber(1, 100000)),
  MAIL_RETRY_SECONDS: wholeNumber(1, 3600).default(60),
  PUSH_SERVICES: z
    .string()
    .default(DEFAULT_PUSH_SERVICES)
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    ),
  EXTERNAL_HOME_URL: httpUrl.default('https://www.teevo.org'),
  SPONSOR_URL: httpUrl.default('https://www.teevo.org/sponsor'),
  AUDIO_URL: httpUrl.default('https://www.teevo.org/audio'),
  BRAILLE_URL: httpUrl.default('https://www.teevo.org/braille'),
  PUBLICATIONS_URL: httpUrl.default('https://www.teevo.org/publications'),
  TEASER_VIDEO_URL: httpUrl.default('https://www.teevo.org/media/teaser.mp4'),
  TERMS_URL: optional(httpUrl),
  PRIVACY_URL: optional(httpUrl),
});

export type Environment = z.input<typeof environmentSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/**
 * A relative path as the person meant it: from the folder they ran the command in. npm runs workspace
 * scripts inside the workspace and says where it was called from in INIT_CWD, so `npm start` in the
 * repository and `node apps/server/src/server.ts` there both find ./data in the repository.
 */
export const fromCaller = (target: string, environment: Record<string, string | undefined> = process.env) =>
  path.resolve(environment.INIT_CWD ?? process.cwd(), target);

/** The display name of a sender such as `"Teen Devotional" <no-reply@example.org>`; none for a bare address. */
const senderName = (from: string) => from.match(/^\s*"?([^"<]*?)"?\s*</)?.[1] || undefined;

/** Reads and validates the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'} (got "${environment[name] ?? ''}")`,
    );
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if (e.COOKIE_SAMESITE === 'none' && !publicUrl.startsWith('https:')) {
    throw new ConfigError(
      'Invalid configuration: COOKIE_SAMESITE none needs an https PUBLIC_URL (browsers drop such cookies unless Secure)',
    );
  }
  refuseMismatches(e);
  return toConfig(e, publicUrl, environment);
}

/** Settings that can't work together, each refused with one line saying why. */
function refuseMismatches(e: z.output<typeof environmentSchema>) {
  const refuse = (why: string) => {
    throw new ConfigError(`Invalid configuration: ${why}`);
  };
  if (!e.DATABASE_URL) {
    // The embedded database lives in one process's DATA_DIR: a second instance can't share it.
    if (e.STORAGE === 's3')
      refuse('STORAGE=s3 is for several instances, which need a shared PostgreSQL: set DATABASE_URL too');
    if (e.REDIS_URL) refuse('REDIS_URL is for several instances, which need a shared PostgreSQL: set DATABASE_URL too');
  }
  if (e.STORAGE === 's3' && !e.S3_BUCKET) refuse('STORAGE=s3 needs S3_BUCKET');
  if (e.STORAGE === 'disk' && e.DOWNLOAD_DELIVERY === 'redirect') {
    refuse('DOWNLOAD_DELIVERY=redirect sends readers to the bucket, so it needs STORAGE=s3');
  }
  if (e.STORAGE === 's3' && e.ACCEL_REDIRECT_PREFIX) {
    refuse('ACCEL_REDIRECT_PREFIX lets nginx send files from the disk, so it needs STORAGE=disk');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    refuse('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
}

/** The settings as the server uses them, from the validated environment: `Config` is its type. */
function toConfig(
  e: z.output<typeof environmentSchema>,
  publicUrl: string,
  environment: Record<string, string | undefined>,
) {
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    /** Which proxies' X-Forwarded-For entries name the client: none, how many hops, or their addresses. */
    trustProxy: e.TRUST_PROXY,
    dataDir: fromCaller(e.DATA_DIR, environment),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.trim().toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    logLevel: e.LOG_LEVEL,
    /** Sign-in and sign-up attempts allowed per client address (and per account) and minute. */
    authRateLimit: e.AUTH_RATE_LIMIT,
    /** How long a rotated refresh token still gets a session (a second tab refreshing at the same moment). */
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    /** Front ends on other sites allowed to call the API with credentials: scheme, host and port, as browsers send them. */
    corsOrigins: e.CORS_ORIGINS.map((origin) => new URL(origin).origin),
    /** SameSite of the refresh cookie; `none` (front ends on another site) needs an https PUBLIC_URL. */
    cookieSameSite: e.COOKIE_SAMESITE,
    /** Statistics count days in this zone. */
    timeZone: e.TIME_ZONE,
    /** Set behind nginx: a download is authorised and recorded here, and nginx sends the file from this internal location. */
    accelRedirectPrefix: e.ACCEL_REDIRECT_PREFIX,
    /** Where edition files live: the folder DATA_DIR/files, or a bucket of an S3-compatible store. */
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3' as const,
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET as string,
            region: e.S3_REGION,
            // Unset: the AWS SDK's own chain (environment, profile, instance role).
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : { kind: 'disk' as const },
    /** How a download's bytes reach the reader: through the portal, or by a redirect to a short-lived bucket link. */
    downloadDelivery: e.DOWNLOAD_DELIVERY,
    /** Shared by every instance: rate limits are counted there. */
    redisUrl: e.REDIS_URL,
    /** Unset: no /api/metrics. */
    metricsToken: e.METRICS_TOKEN,
    /** How long a SIGTERM waits for requests and downloads in flight before the process exits. */
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    /** New-edition mail (decision 034): when a batch of uploads is told, and how fast mail may go. */
    notify: {
      /** Minutes after the last upload of a batch; 0: at once. */
      delayMinutes: e.NOTIFY_DELAY_MINUTES,
      /** Set: at this hour of TIME_ZONE instead. */
      hour: e.NOTIFY_HOUR,
      /** Unset: as fast as the mail server takes them. */
      ratePerMinute: e.MAIL_RATE_PER_MINUTE,
      /** The first wait before a mail the server failed is tried again; each next one is longer. */
      retrySeconds: e.MAIL_RETRY_SECONDS,
    },
    /**
     * The push services daily reminders are sent to (decision 060): hosts (a subdomain matches too) over https,
     * or exact origins; a browser's subscription elsewhere is refused, so the portal posts to no other address.
     */
    pushServices: e.PUSH_SERVICES,
    links: {
      home: e.EXTERNAL_HOME_URL,
      sponsor: e.SPONSOR_URL,
      audio: e.AUDIO_URL,
      braille: e.BRAILLE_URL,
      publications: e.PUBLICATIONS_URL,
      teaserVideo: e.TEASER_VIDEO_URL,
      // Unset: the web app links its own page (/terms) instead.
      terms: e.TERMS_URL,
      privacy: e.PRIVACY_URL,
    },
    /** Who runs the portal, as the built-in terms page names them: the sender of its e-mails, else its home site. */
    operator: senderName(e.MAIL_FROM) ?? new URL(e.EXTERNAL_HOME_URL).host,
    webDist: e.WEB_DIST ? fromCaller(e.WEB_DIST, environment) : defaultWebDist,
  };
}

export type Config = ReturnType<typeof toConfig>;

/** Whether a request's `Origin` is a front end of another site that CORS_ORIGINS admits. */
export const isListedFrontEnd = (config: Pick<Config, 'corsOrigins'>, origin: string | undefined): origin is string =>
  origin !== undefined && config.corsOrigins.includes(origin);
