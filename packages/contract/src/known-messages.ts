import { ACCOUNT_MESSAGES } from './accounts.ts';
import { BOOK_MESSAGES } from './books.ts';
import { CHURCH_MESSAGES } from './churches.ts';
import { COUNTRY_MESSAGES } from './countries.ts';
import { DAY_MESSAGES } from './days.ts';
import { FILE_MESSAGES } from './files.ts';
import { LANGUAGE_MESSAGES } from './languages.ts';
import { MESSAGES } from './messages.ts';
import { MIGRATION_MESSAGES } from './migration.ts';
import { NOTIFICATION_MESSAGES } from './notifications.ts';
import { REMINDER_MESSAGES } from './reminders.ts';
import { STATS_MESSAGES } from './stats.ts';
import { TRANSLATION_MESSAGES } from './translations.ts';

/** The contract's messages by group: a message's code is its group and key, `accounts.emailTaken`. */
const MESSAGE_GROUPS: Record<string, Record<string, string>> = {
  common: MESSAGES,
  accounts: ACCOUNT_MESSAGES,
  files: FILE_MESSAGES,
  stats: STATS_MESSAGES,
  migration: MIGRATION_MESSAGES,
  churches: CHURCH_MESSAGES,
  languages: LANGUAGE_MESSAGES,
  books: BOOK_MESSAGES,
  countries: COUNTRY_MESSAGES,
  translations: TRANSLATION_MESSAGES,
  notifications: NOTIFICATION_MESSAGES,
  days: DAY_MESSAGES,
  reminders: REMINDER_MESSAGES,
};

/**
 * Every message the contract words itself, in English, to its stable code: API error bodies carry the code
 * beside the English `message`, and the catalogues translate it under `messages.<code>` (decision 028).
 */
export const MESSAGE_CODES: ReadonlyMap<string, string> = new Map(
  Object.entries(MESSAGE_GROUPS).flatMap(([group, messages]) =>
    Object.entries(messages).map(([key, message]) => [message, `${group}.${key}`] as const),
  ),
);

/** Every message the contract words itself: the server shows these exactly as they are. */
export const KNOWN_MESSAGES: ReadonlySet<string> = new Set(MESSAGE_CODES.keys());
