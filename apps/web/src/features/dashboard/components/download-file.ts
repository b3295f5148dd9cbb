import type { StatsQuery } from '@portal/contract';

/** Saves a blob or a data URL under a file name, as a link click would. */
export function downloadFile(content: Blob | string, fileName: string) {
  const href = typeof content === 'string' ? content : URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
  if (typeof content !== 'string') setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * The part of an export's file name that says what it holds: `Teevo_2026-11-01_2026-11-30`, and
 * `_with-staff` when the staff's downloads are counted.
 */
export const rangeLabel = ({ start, end, book, includeStaff }: StatsQuery) =>
  [book ?? 'all-books', start, end, ...(includeStaff ? ['with-staff'] : [])].join('_').replace(/[^\w.-]+/g, '-');
