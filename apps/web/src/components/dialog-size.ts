import type { DialogProps } from 'primereact/dialog';

/** Every dialog is 30% of the window wide, 80% below 960 px. */
export const DIALOG_SIZE = {
  style: { width: '30vw' },
  breakpoints: { '960px': '80vw' },
} satisfies Pick<DialogProps, 'style' | 'breakpoints'>;

/**
 * A dialog of rows of fields (the import): wide enough on a desktop for a row's fields side by side with their
 * words whole, the window's whole width on a phone.
 */
export const WIDE_DIALOG_SIZE = {
  style: { width: '80rem' },
  breakpoints: { '1200px': '96vw', '640px': '100vw' },
} satisfies Pick<DialogProps, 'style' | 'breakpoints'>;
