import { PrimeReactContext, PrimeReactProvider } from 'primereact/api';
import { type ReactNode, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { primeLocale } from '../lib/i18n/prime-locale.ts';
import { getLayoutSettings, useLayoutSettings } from '../lib/layout-settings/layout-settings.ts';
import { PASS_THROUGH } from './prime-pass-through.ts';

/** PrimeReactProvider reads its value once; later changes go through the context's setters. */
function FollowLayoutSettings() {
  const { ripple, inputStyle } = useLayoutSettings();
  const { setRipple, setInputStyle } = useContext(PrimeReactContext);
  useEffect(() => setRipple?.(ripple), [ripple, setRipple]);
  useEffect(() => setInputStyle?.(inputStyle), [inputStyle, setInputStyle]);
  return null;
}

/** PrimeReact's own words follow the portal's language. */
function FollowLocale() {
  const { i18n } = useTranslation();
  const { setLocale } = useContext(PrimeReactContext);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words change with the language
  useEffect(() => setLocale?.(primeLocale()), [i18n.language, setLocale]);
  return null;
}

export function PrimeSettings({ children }: { children: ReactNode }) {
  const { ripple, inputStyle } = getLayoutSettings();
  return (
    <PrimeReactProvider value={{ ripple, inputStyle, locale: primeLocale(), pt: PASS_THROUGH }}>
      <FollowLayoutSettings />
      <FollowLocale />
      {children}
    </PrimeReactProvider>
  );
}
