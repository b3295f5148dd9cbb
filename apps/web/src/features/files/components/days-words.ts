/** What an edition's day map says by how it was found (decision 050): the File List's label and the days dialog's. */
export const DAYS_WORDS = {
  headings: 'files.days.headings',
  admin: 'files.days.admin',
  none: 'files.days.none',
  pending: 'files.days.pending',
} as const;
