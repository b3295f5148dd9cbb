import type { ReactNode } from 'react';

/** A labelled form control with its error under it; `id` is the control's id. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children}
      {error && (
        <small id={`${id}-error`} className="p-error block mt-1">
          {error}
        </small>
      )}
    </div>
  );
}
