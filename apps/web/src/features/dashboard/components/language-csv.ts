import type { CountItem } from '@portal/contract';
import type { TFunction } from 'i18next';

const field = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** `language,count` (in the reader's language) and one row per language. */
export const languageCsv = (rows: CountItem[], t: TFunction) =>
  [
    `${field(t('stats.csv.language'))},${field(t('stats.csv.count'))}`,
    ...rows.map((row) => `${field(row._id)},${row.count}`),
  ]
    .join('\n')
    .concat('\n');
