import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
  passwordLabel,
}: PasswordPairFieldsProps<Form>) {
  const { t } = useTranslation();
  const fields = [
    { name: 'password', label: passwordLabel ?? t('common.password'), meter: true },
    { name: 'confirmPassword', label: t('form.password.confirm'), meter: false },
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
