import { ACCOUNT_MESSAGES } from './accounts.ts';
import { BOOK_MESSAGES } from './books.ts';
import { CHURCH_MESSAGES } from './churches.ts';
import { COUNTRY_MESSAGES } from './countries.ts';
import { FILE_MESSAGES } from './files.ts';
import { LANGUAGE_MESSAGES } from './languages.ts';
import { MESSAGES } from './messages.ts';
import { MIGRATION_MESSAGES } from './migration.ts';
import { STATS_MESSAGES } from './stats.ts';
import { TRANSLATION_MESSAGES } from './translations.ts';

/** Every message the contract words itself: the server shows these exactly as they are. */
export const KNOWN_MESSAGES: ReadonlySet<string> = new Set<string>([
  ...Object.values(MESSAGES),
  ...Object.values(ACCOUNT_MESSAGES),
  ...Object.values(FILE_MESSAGES),
  ...Object.values(STATS_MESSAGES),
  ...Object.values(MIGRATION_MESSAGES),
  ...Object.values(CHURCH_MESSAGES),
  ...Object.values(LANGUAGE_MESSAGES),
  ...Object.values(BOOK_MESSAGES),
  ...Object.values(COUNTRY_MESSAGES),
  ...Object.values(TRANSLATION_MESSAGES),
]);
