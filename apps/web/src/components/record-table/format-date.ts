const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A wire timestamp as people read it: "5 Mar 2025, 14:07". */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** A DataTable column body that shows the row's timestamp field readably. */
export const dateBody =
  <Field extends string>(field: Field) =>
  (row: Record<Field, string>) =>
    formatDateTime(row[field]);
