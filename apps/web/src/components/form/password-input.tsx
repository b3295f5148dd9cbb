import { Divider } from 'primereact/divider';
import { Password } from 'primereact/password';
import type { Ref } from 'react';
import type { FieldControl } from './form-field.tsx';
import './password-input.css';

const SUGGESTIONS = [
  'At least one lowercase',
  'At least one uppercase',
  'At least one numeric',
  'Minimum 8 characters',
];

const suggestions = (
  <>
    <Divider />
    <p className="mt-2 mb-1">Suggestions</p>
    <ul className="pl-3 ml-1 mt-0 line-height-3">
      {SUGGESTIONS.map((hint) => (
        <li key={hint}>{hint}</li>
      ))}
    </ul>
  </>
);

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
      footer={meter ? suggestions : undefined}
      autoComplete={autoComplete}
      className="password-input w-full"
      inputClassName="w-full"
      {...aria}
    />
  );
}
