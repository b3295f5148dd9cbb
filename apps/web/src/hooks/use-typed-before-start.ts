import { useHydrated } from './use-hydrated.ts';

/**
 * A prerendered form's defaults with what the visitor typed into its fields before the app started (decision 052):
 * React takes the fields over as they are, and the form must not empty them. `fields` names each text field's element
 * id. Once the page has been taken over (or for a form drawn by the app), the defaults as they are.
 */
export function useTypedBeforeStart<Values extends object>(
  defaults: Values,
  fields: Partial<Record<keyof Values & string, string>>,
): Values {
  const hydrated = useHydrated();
  if (hydrated) return defaults;
  const typed: Partial<Values> = {};
  for (const [name, id] of Object.entries(fields) as [keyof Values & string, string][]) {
    // The prerender has a document of its own, and no HTMLInputElement.
    const value: unknown = (globalThis.document?.getElementById(id) as HTMLInputElement | null)?.value;
    if (typeof value === 'string' && value !== '') Object.assign(typed, { [name]: value });
  }
  return { ...defaults, ...typed };
}
