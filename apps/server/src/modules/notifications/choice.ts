import { MESSAGES, NOTIFICATION_MESSAGES, type NotificationChoice } from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '../../db/ids.ts';
import type { Database } from '../../db/index.ts';
import { accounts, books, languages } from '../../db/schema.ts';
import { BadRequest, Conflict, NotFound } from '../../errors.ts';
import type { UnsubscribeLink } from './mail.ts';
import { defaultLanguageIds } from './service.ts';

/** A member's new-edition mail as Profile shows it: languages not yet chosen are those the portal would pick. */
export async function readChoice(db: Database, accountId: string): Promise<NotificationChoice> {
  const [row] = await db
    .select({
      enabled: accounts.notifyEditions,
      books: accounts.notifyBooks,
      languages: sql<string[]>`${defaultLanguageIds(accounts.id)}`,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw new NotFound(MESSAGES.notFound);
  return { enabled: row.enabled, books: row.books, languages: row.languages ?? [] };
}

/** How many of `ids` name rows of `table`. */
async function existing(db: Database, table: typeof books | typeof languages, ids: string[]) {
  const known = ids.filter(isUuid);
  if (known.length !== ids.length) return 0;
  return (await db.select({ id: table.id }).from(table).where(inArray(table.id, known))).length;
}

export async function saveChoice(db: Database, accountId: string, choice: NotificationChoice) {
  const bookIds = choice.books && [...new Set(choice.books)];
  const languageIds = [...new Set(choice.languages)];
  const allKnown =
    (await existing(db, languages, languageIds)) === languageIds.length &&
    (!bookIds || (await existing(db, books, bookIds)) === bookIds.length);
  if (!allKnown) throw new BadRequest(NOTIFICATION_MESSAGES.unknownChoice);
  await db
    .update(accounts)
    .set({ notifyEditions: choice.enabled, notifyBooks: bookIds, notifyLanguages: languageIds, notifyStoppedBy: null })
    .where(eq(accounts.id, accountId));
}

/** A mail's unsubscribe link stops the mail, and notes that this mail's link did it, unless it was stopped already. */
export async function stopByLink(db: Database, { accountId, digestId }: UnsubscribeLink) {
  const stopped = await db
    .update(accounts)
    .set({
      notifyEditions: false,
      notifyStoppedBy: sql`case when ${accounts.notifyEditions} then ${digestId}::uuid else ${accounts.notifyStoppedBy} end`,
    })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  if (stopped.length === 0) throw new BadRequest(NOTIFICATION_MESSAGES.linkInvalid);
}

/** The unsubscribe page's Undo: the mail starts again only if this mail's link stopped it and nothing changed since. */
export async function undoStopByLink(db: Database, { accountId, digestId }: UnsubscribeLink) {
  const undone = await db
    .update(accounts)
    .set({ notifyEditions: true, notifyStoppedBy: null })
    .where(and(eq(accounts.id, accountId), eq(accounts.notifyStoppedBy, digestId)))
    .returning({ id: accounts.id });
  if (undone.length === 0) throw new Conflict(NOTIFICATION_MESSAGES.nothingToUndo);
}
