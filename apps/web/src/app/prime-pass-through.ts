import type { PrimeReactPTOptions } from 'primereact/api';

/**
 * Accessibility fixes for every PrimeReact component of a kind, including those that PrimeReact renders
 * inside others (the paginator's rows-per-page dropdown, the table's selection checkboxes).
 */
export const PASS_THROUGH = {
  dropdown: {
    // Disabled controls are exempt from contrast rules; the hidden native select and the icon-only
    // trigger serve mice and forms, so screen readers skip them.
    // PrimeReact also puts aria-activedescendant on this role-less wrapper, naming an option that does not
    // exist; the focusable input inside carries the dropdown's state.
    root: ({ props }: { props: { disabled?: boolean } }) => ({
      'aria-disabled': props.disabled || undefined,
      'aria-activedescendant': undefined,
    }),
    select: { 'aria-hidden': true },
    trigger: { 'aria-hidden': true },
  },
  // The table gives the checkbox's wrapper the role and name that its input already has: one control, not two.
  checkbox: { root: { role: undefined, 'aria-label': undefined } },
} satisfies PrimeReactPTOptions;
