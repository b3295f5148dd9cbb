import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { type Config, isListedFrontEnd } from '../config.ts';
import type { Database } from '../db/index.ts';
import { requestLocale } from '../i18n.ts';
import { redactUrl } from '../logging.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Set when every attempt at one mail must carry the same id (new-edition mail). */
  messageId?: string;
  headers?: Record<string, string>;
}

/** What the mails a request causes need: the database, the mail, where their links lead, the reader's language. */
export interface MailContext {
  db: Database;
  mail: FastifyInstance['mail'];
  /** The address of a page (`/account/verify-email`) for a mail in that language (mailedLinks). */
  link: (page: string, locale: Locale) => string;
  log: FastifyInstance['log'];
  /** The language of the request's browser: the mails' for an account that chose none. */
  locale: Locale;
}

/**
 * Where the mails of a request link to: the front end that sent it, when CORS_ORIGINS names its origin, at the
 * original API's paths (`{origin}/account/verify-email`); else this portal, in the mail's language
 * (`{PUBLIC_URL}/fr/account/verify-email`). Any other origin could be forged, to send a reset token elsewhere.
 */
const mailedLinks =
  (config: Pick<Config, 'publicUrl' | 'corsOrigins'>, origin: string | undefined) => (page: string, locale: Locale) =>
    isListedFrontEnd(config, origin) ? `${origin}${page}` : `${config.publicUrl}/${locale}${page}`;

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail context of a request (MailContext). */
    mailContext(request: FastifyRequest): MailContext;
    mail: {
      /**
       * Sends through SMTP_URL, or writes an .eml file to DATA_DIR/outbox and logs where. A mail still being
       * put together (say, its link's token being saved) is awaited first.
       */
      send(mail: Mail | Promise<Mail>): Promise<void>;
      /** Settles once every mail handed to `send` so far has gone out or failed. */
      idle(): Promise<void>;
      /** Where mail goes, for the start-up banner. */
      destination: string;
    };
  }
}

/** Text made safe inside a mail's HTML. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A paragraph in a mail's small grey type (why the mail came, the footer); `html` is already escaped. */
export const smallPrint = (html: string) => `<p style="font-size:13px;color:#555">${html}</p>`;

/** Every mail's HTML page: its parts (already escaped), then the footer, in the recipient's language. */
export const mailPage = (lang: string, parts: string[], footer: string) =>
  `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5;color:#222">${parts.join('')}${smallPrint(escapeHtml(footer))}</body></html>`;

export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const outbox = path.join(config.dataDir, 'outbox');
    const transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    // Callers may answer before their mail is out; closing waits for it rather than cutting it off.
    const pending = new Set<Promise<void>>();
    const idle = async () => {
      await Promise.allSettled(pending);
    };
    app.addHook('onClose', async () => {
      await idle();
      transport.close();
    });

    function send(mail: Mail | Promise<Mail>) {
      const sending = deliver(mail);
      app.metrics.mail(sending);
      pending.add(sending);
      const forget = () => pending.delete(sending);
      sending.then(forget, forget);
      return sending;
    }

    async function deliver(composing: Mail | Promise<Mail>) {
      const mail = await composing;
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      if (config.smtpUrl) {
        app.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      // A full disk fails the write once the file exists: no empty mail is left behind.
      await writeFile(file, (info as { message: Buffer }).message).catch(async (error: unknown) => {
        await rm(file, { force: true });
        throw error;
      });
      // The links' tokens stay in the file: open it to follow them.
      const links = (mail.text.match(/https?:\/\/\S+/g) ?? []).map(redactUrl);
      app.log.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written to the outbox');
    }

    app.decorate('mail', {
      send,
      idle,
      destination: config.smtpUrl ? `SMTP ${new URL(config.smtpUrl).host}` : `.eml files in ${outbox}`,
    });
    app.decorate('mailContext', (request: FastifyRequest) => ({
      db: app.db,
      mail: app.mail,
      link: mailedLinks(config, request.headers.origin),
      log: app.log,
      locale: requestLocale(request),
    }));
  },
  { name: 'mail', dependencies: ['db'] },
);
