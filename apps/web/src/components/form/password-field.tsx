import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';

interface PasswordFieldProps<Form extends FieldValues> {
  control: Control<Form>;
  name: Path<Form>;
  /** The input's id, unique on the page. */
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  /** A new password: the strength meter and hints. */
  meter?: boolean;
}

/** A labelled password of a react-hook-form form, with its error under it. */
export function PasswordField<Form extends FieldValues>({
  control,
  name,
  id,
  label,
  autoComplete,
  meter,
}: PasswordFieldProps<Form>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={id} label={label} error={fieldState.error?.message}>
          {(aria) => (
            <PasswordInput
              aria={aria}
              value={(field.value as string | null | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              meter={meter}
              autoComplete={autoComplete}
            />
          )}
        </FormField>
      )}
    />
  );
}
