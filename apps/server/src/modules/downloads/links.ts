import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { accountExists } from './lookups.ts';

/** A download link works for this long: enough to start the download, too short to share. */
export const DOWNLOAD_LINK_SECONDS = 120;

const sign = (payload: string, secret: string) =>
  createHmac('sha256', `download:${secret}`).update(payload).digest('base64url');

/**
 * A token that lets the browser fetch one file as one account by plain navigation, so the browser's own
 * download manager streams it to disk (a bearer header can't ride on a link).
 */
export function signDownloadToken(fileId: string, accountId: string, secret: string, now = Date.now()): string {
  const payload = `${fileId}.${accountId}.${Math.floor(now / 1000) + DOWNLOAD_LINK_SECONDS}`;
  return `${payload}.${sign(payload, secret)}`;
}

/** The account a genuine, unexpired token for this file was made for. */
export function verifyDownloadToken(
  token: string,
  fileId: string,
  secret: string,
  now = Date.now(),
): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [file, account, expires, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(`${file}.${account}.${expires}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (file !== fileId || Number(expires) * 1000 <= now) return undefined;
  return account;
}

/** The account a link was made for, while the link is genuine, unexpired, for this file, and the account exists. */
export async function linkHolder(
  app: Pick<FastifyInstance, 'db' | 'lists'>,
  token: string,
  fileId: string,
  secret: string,
) {
  const holder = verifyDownloadToken(token, fileId, secret);
  return holder && (await accountExists(app, holder)) ? holder : undefined;
}
