/** The labelled control with its error under it; shared with the record dialogs. */
export { FormField } from '../record-table/form-field.tsx';

/** Accessibility attributes linking a control to its error message (FormField shows it under `${id}-error`). */
export function describedBy(id: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}
