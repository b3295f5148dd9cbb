import { formatDateTime } from '../../lib/i18n/format.ts';

/** A DataTable column body that shows the row's timestamp field readably, in the active locale. */
export const dateBody =
  <Field extends string>(field: Field) =>
  (row: Record<Field, string>) =>
    formatDateTime(row[field]);
