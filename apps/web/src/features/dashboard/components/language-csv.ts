import type { CountItem } from '@portal/contract';
import type { TFunction } from 'i18next';

/** Tells a spreadsheet (Excel above all) that the file is UTF-8, so "Français" does not open as "FranÃ§ais". */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * The list separator a spreadsheet in that locale splits a CSV file by: a semicolon where numbers are written
 * with a decimal comma (French, Spanish, Portuguese), else a comma.
 */
const listSeparator = (locale: string) =>
  new Intl.NumberFormat(locale).formatToParts(0.5).find((part) => part.type === 'decimal')?.value === ',' ? ';' : ',';

/** `language,count` (in the reader's language and list separator) and one row per language, marked as UTF-8. */
export function languageCsv(rows: CountItem[], t: TFunction, locale: string) {
  const separator = listSeparator(locale);
  const field = (text: string) =>
    text.includes(separator) || /["\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  const lines = [[t('stats.csv.language'), t('stats.csv.count')], ...rows.map((row) => [row._id, String(row.count)])];
  return `${BYTE_ORDER_MARK}${lines.map((line) => line.map(field).join(separator)).join('\n')}\n`;
}
