import type { DialogProps } from 'primereact/dialog';

/** Every dialog is 30% of the window wide, 80% below 960 px. */
export const DIALOG_SIZE = {
  style: { width: '30vw' },
  breakpoints: { '960px': '80vw' },
} satisfies Pick<DialogProps, 'style' | 'breakpoints'>;
