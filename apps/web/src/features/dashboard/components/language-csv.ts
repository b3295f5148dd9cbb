import type { CountItem } from '@portal/contract';

const field = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** `language,count` and one row per language. */
export const languageCsv = (rows: CountItem[]) =>
  ['language,count', ...rows.map((row) => `${field(row._id)},${row.count}`)].join('\n').concat('\n');
