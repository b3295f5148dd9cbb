import type { Control, FieldValues, Path } from 'react-hook-form';
import { PasswordField } from './password-field.tsx';

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
  return fields.map(({ name, label, meter }) => (
    <PasswordField
      key={name}
      control={control}
      name={name as Path<Form>}
      id={`${idPrefix}-${name}`}
      label={label}
      meter={meter}
      autoComplete="new-password"
    />
  ));
}
