import { InputText } from 'primereact/inputtext';
import type { ComponentProps } from 'react';
import { describedBy, FormField } from './form-field.tsx';

type TextFieldProps = ComponentProps<typeof InputText> & { id: string; label: string; error?: string | undefined };

/** A labelled text input with its error; spread react-hook-form's `register(name)` into it. */
export function TextField({ id, label, error, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      <InputText id={id} className="w-full" invalid={Boolean(error)} {...describedBy(id, error)} {...input} />
    </FormField>
  );
}
