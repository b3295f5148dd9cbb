import { MIN_PASSWORD_LENGTH } from '@portal/contract';
import { Divider } from 'primereact/divider';
import { Password } from 'primereact/password';
import type { Ref } from 'react';
import type { FieldControl } from './form-field.tsx';
import './password-input.css';
import { useTranslation } from 'react-i18next';

/** The hints under the strength meter, each with its test: the ones PrimeReact's meter counts a strong password by. */
const SUGGESTIONS: [hint: 'lowercase' | 'uppercase' | 'numeric' | 'length', met: (password: string) => boolean][] = [
  ['lowercase', (password) => /[a-z]/.test(password)],
  ['uppercase', (password) => /[A-Z]/.test(password)],
  ['numeric', (password) => /[0-9]/.test(password)],
  ['length', (password) => password.length >= MIN_PASSWORD_LENGTH],
];

/** The hints the password does not meet yet; none once it meets them all. */
function Suggestions({ password }: { password: string }) {
  const { t } = useTranslation();
  const hints = {
    lowercase: t('form.password.lowercase'),
    uppercase: t('form.password.uppercase'),
    numeric: t('form.password.numeric'),
    length: t('form.password.length', { count: MIN_PASSWORD_LENGTH }),
  };
  const unmet = SUGGESTIONS.filter(([, met]) => !met(password));
  if (unmet.length === 0) return null;
  return (
    <>
      <Divider />
      <p className="mt-2 mb-1">{t('form.password.suggestions')}</p>
      <ul className="pl-3 ml-1 mt-0 line-height-3">
        {unmet.map(([hint]) => (
          <li key={hint}>{hints[hint]}</li>
        ))}
      </ul>
    </>
  );
}

interface PasswordInputProps {
  /** From the FormField around it. */
  aria: FieldControl;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Shows the strength meter (PrimeReact's: strong is 8+ with lower, upper and digit; medium 6+ with two kinds) and the hints. */
  meter?: boolean;
  autoComplete: 'current-password' | 'new-password';
  /** Lets a form focus the input, say on its first error. */
  inputRef?: Ref<HTMLInputElement>;
}

/** Password with a show/hide toggle and, for a new password, the strength meter. */
export function PasswordInput({
  aria: { id, ...aria },
  value,
  onChange,
  onBlur,
  meter = false,
  autoComplete,
  inputRef,
}: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <Password
      inputId={id}
      inputRef={inputRef}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      toggleMask
      feedback={meter}
      promptLabel={t('form.password.prompt')}
      weakLabel={t('form.password.weak')}
      mediumLabel={t('form.password.medium')}
      strongLabel={t('form.password.strong')}
      footer={meter ? <Suggestions password={value} /> : undefined}
      autoComplete={autoComplete}
      className="password-input w-full"
      inputClassName="w-full"
      {...aria}
    />
  );
}
