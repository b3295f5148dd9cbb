import type { ReactNode } from 'react';
import { translateMessage } from '../../lib/i18n/messages.ts';

/** What the control of a field spreads: its id (which the label names) and its invalid state and error link. */
export interface FieldControl {
  id: string;
  invalid: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  /** The control's id, unique on the page. */
  id: string;
  label: string;
  error?: string | undefined;
  /** The id of a note elsewhere on the page that also describes the control. */
  describedBy?: string | undefined;
  /** `check`: a checkbox with its label after it on one line. */
  variant?: 'stacked' | 'check';
  className?: string;
  /**
   * Renders the control. An input spreads the argument (`(aria) => <InputText {...aria} />`); a PrimeReact
   * control whose input takes `inputId` moves the id there (`({ id, ...aria }) => <Dropdown inputId={id} {...aria} />`).
   */
  children: (control: FieldControl) => ReactNode;
}

/** A form control with its label, and its error under it: the one way a field of any form is laid out. */
export function FormField({
  id,
  label,
  error,
  describedBy,
  variant = 'stacked',
  className = 'field',
  children,
}: FormFieldProps) {
  const errorId = `${id}-error`;
  const describers = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ');
  const control = children({
    id,
    invalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describers || undefined,
  });
  return (
    <div className={className}>
      {variant === 'check' ? (
        <div className="flex align-items-center gap-2">
          {control}
          <label htmlFor={id}>{label}</label>
        </div>
      ) : (
        <>
          <label htmlFor={id} className="font-semibold">
            {label}
          </label>
          {control}
        </>
      )}
      {error && (
        <small id={errorId} className="p-error block mt-1">
          {translateMessage(error)}
        </small>
      )}
    </div>
  );
}
