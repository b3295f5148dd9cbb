import type { ButtonHTMLAttributes } from 'react';

interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** PrimeIcons' class: `pi pi-cog`. */
  icon: string;
  /** The visible words; none for an icon-only button, which then needs an aria-label. */
  label?: string;
}

/**
 * A button drawn as PrimeReact's Button draws it, with the theme's classes, for what every page's first scripts
 * hold (the top bar, the error page): PrimeReact's component code then loads with the first page that uses it
 * (decision 039). `className` adds PrimeReact's variants: `p-button-text p-button-rounded p-button-secondary`.
 */
export function PlainButton({ icon, label, className = '', type = 'button', ...rest }: PlainButtonProps) {
  const shape = label ? '' : ' p-button-icon-only';
  return (
    <button type={type} className={`p-button p-component${shape} ${className}`.trim()} {...rest}>
      <span className={`p-button-icon p-c${label ? ' p-button-icon-left' : ''} ${icon}`} aria-hidden="true" />
      <span className="p-button-label p-c">{label ?? '\u00a0'}</span>
    </button>
  );
}
