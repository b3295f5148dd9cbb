import type { DropdownPassThroughOptions } from 'primereact/dropdown';

/** PrimeReact's hidden native select and its icon-only trigger serve mice and forms: screen readers skip them. */
export const DROPDOWN_PT = {
  select: { 'aria-hidden': true },
  trigger: { 'aria-hidden': true },
} satisfies DropdownPassThroughOptions;
