import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

const OUTBOX = path.join(process.env.PORTAL_E2E_DATA_DIR ?? '', 'outbox');

/** A mail the server wrote to its outbox (it runs without SMTP), decoded, and the link it holds to `page`. */
export interface MailedLink {
  subject: string;
  text: string;
  /** The link's path and query: `/fr/account/verify-email?token=...`. */
  link: string;
}

/**
 * The newest mail to that address with a link to that page (`/account/verify-email`, with or without a locale
 * before it), waited for.
 */
export async function mailTo(to: string, page: string): Promise<MailedLink> {
  let found: MailedLink | undefined;
  await expect
    .poll(async () => {
      const files = (await readdir(OUTBOX).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
      for (const file of files.reverse()) {
        const mail = await simpleParser(await readFile(path.join(OUTBOX, file)));
        if (!mail.text || !(Array.isArray(mail.to) ? mail.to : [mail.to]).some((a) => a?.text.includes(to))) continue;
        const link = mail.text.match(
          new RegExp(`https?://[^/\\s]+((?:/[a-z]{2})?${page}\\?token=[\\w-]+(?:\\.[\\w-]+)*)`),
        )?.[1];
        if (link) {
          found = { subject: mail.subject ?? '', text: mail.text, link };
          return true;
        }
      }
      return false;
    }, `a mail to ${to} with a ${page} link`)
    .toBe(true);
  return found as MailedLink;
}

/** The path and query of the newest mailed link to that page for that address. */
export const mailedLink = async (to: string, page: string) => (await mailTo(to, page)).link;
