import { ACCOUNT_MESSAGES } from './accounts.ts';
import { FILE_MESSAGES } from './files.ts';
import { MESSAGES } from './messages.ts';
import { STATS_MESSAGES } from './stats.ts';

/** Every message the contract words itself: the server shows these exactly as they are. */
export const KNOWN_MESSAGES: ReadonlySet<string> = new Set<string>([
  ...Object.values(MESSAGES),
  ...Object.values(ACCOUNT_MESSAGES),
  ...Object.values(FILE_MESSAGES),
  ...Object.values(STATS_MESSAGES),
]);
