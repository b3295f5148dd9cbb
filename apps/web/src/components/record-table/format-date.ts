/**
 * The portal's one way of showing a moment, "5 Mar 2025, 14:07", in the browser's time zone: every screen's dates
 * come from here, through Intl, so that a locale of the reader's own is one argument away (issue 15).
 */
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A wire timestamp as people read it: "5 Mar 2025, 14:07". */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** A DataTable column body that shows the row's timestamp field readably. */
export const dateBody =
  <Field extends string>(field: Field) =>
  (row: Record<Field, string>) =>
    formatDateTime(row[field]);
