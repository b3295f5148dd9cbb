import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';

interface PasswordPairFieldsProps<Form extends FieldValues> {
  control: Control<Form>;
  /** Prefix of the two inputs' ids, unique on the page. */
  idPrefix: string;
  passwordLabel?: string;
}

/** A new password with its strength meter and hints, and its confirmation. */
export function PasswordPairFields<Form extends FieldValues>({
  control,
  idPrefix,
  passwordLabel = 'Password',
}: PasswordPairFieldsProps<Form>) {
  const fields = [
    { name: 'password', label: passwordLabel, meter: true },
    { name: 'confirmPassword', label: 'Confirm Password', meter: false },
  ] as const;
  return fields.map(({ name, label, meter }) => {
    const id = `${idPrefix}-${name}`;
    return (
      <Controller
        key={name}
        control={control}
        name={name as Path<Form>}
        render={({ field, fieldState }) => (
          <FormField id={id} label={label} error={fieldState.error?.message}>
            <PasswordInput
              id={id}
              value={(field.value as string | null | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              meter={meter}
              autoComplete="new-password"
            />
          </FormField>
        )}
      />
    );
  });
}
