import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A locale's catalogue (packages/contract/locales), for tests that check the words a screen draws from it. */
export const catalogue = (locale: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../../../packages/contract/locales', `${locale}.json`), 'utf8'),
  );
