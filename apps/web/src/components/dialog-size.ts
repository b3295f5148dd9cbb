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
const WIDE_DIALOG_SIZE = {
  style: { width: '80rem' },
  breakpoints: { '1200px': '96vw', '640px': '100vw' },
} satisfies Pick<DialogProps, 'style' | 'breakpoints'>;

/**
 * What every dialog of the app shares: modal, fixed in place, sized (`wide`: the import's rows); while `busy`
 * (a request under way) neither Escape nor the close button closes it.
 */
export function dialogProps(onHide: () => void, { busy = false, wide = false } = {}) {
  return {
    modal: true,
    draggable: false,
    onHide: busy ? () => undefined : onHide,
    ...(wide ? WIDE_DIALOG_SIZE : DIALOG_SIZE),
  } satisfies Partial<DialogProps>;
}
