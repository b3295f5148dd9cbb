import { MIN_PASSWORD_LENGTH } from '@portal/contract';
import { Divider } from 'primereact/divider';
import { Password } from 'primereact/password';
import type { Ref } from 'react';
import type { FieldControl } from './form-field.tsx';
import './password-input.css';

/** The hints under the strength meter, each with its test: the ones PrimeReact's meter counts a strong password by. */
const SUGGESTIONS: [hint: string, met: (password: string) => boolean][] = [
  ['At least one lowercase', (password) => /[a-z]/.test(password)],
  ['At least one uppercase', (password) => /[A-Z]/.test(password)],
  ['At least one numeric', (password) => /[0-9]/.test(password)],
  [`Minimum ${MIN_PASSWORD_LENGTH} characters`, (password) => password.length >= MIN_PASSWORD_LENGTH],
];

/** The hints the password does not meet yet; none once it meets them all. */
function Suggestions({ password }: { password: string }) {
  const unmet = SUGGESTIONS.filter(([, met]) => !met(password));
  if (unmet.length === 0) return null;
  return (
    <>
      <Divider />
      <p className="mt-2 mb-1">Suggestions</p>
      <ul className="pl-3 ml-1 mt-0 line-height-3">
        {unmet.map(([hint]) => (
          <li key={hint}>{hint}</li>
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
  return (
    <Password
      inputId={id}
      inputRef={inputRef}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      toggleMask
      feedback={meter}
      footer={meter ? <Suggestions password={value} /> : undefined}
      autoComplete={autoComplete}
      className="password-input w-full"
      inputClassName="w-full"
      {...aria}
    />
  );
}
