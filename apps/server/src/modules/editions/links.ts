import type { FastifyInstance } from 'fastify';
import { readLinkToken, signLinkToken } from '../../plugins/auth/tokens.ts';
import { accountExists } from './lookups.ts';

/** A download link works for this long: enough to start the download, too short to share. */
export const DOWNLOAD_LINK_SECONDS = 120;

/**
 * A token that lets the browser fetch one file as one account by plain navigation, so the browser's own
 * download manager streams it to disk (a bearer header can't ride on a link).
 */
export const signDownloadToken = (fileId: string, accountId: string, secret: string) =>
  signLinkToken('download', [fileId, accountId], DOWNLOAD_LINK_SECONDS, secret);

/** The account a genuine, unexpired token for this file was made for. */
export function verifyDownloadToken(token: string, fileId: string, secret: string): string | undefined {
  const link = readLinkToken('download', token, secret);
  return link && !link.expired && link.ids[0] === fileId ? link.ids[1] : undefined;
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
