import { PrimeReactContext, PrimeReactProvider } from 'primereact/api';
import { type ReactNode, useContext, useEffect } from 'react';
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

export function PrimeSettings({ children }: { children: ReactNode }) {
  const { ripple, inputStyle } = getLayoutSettings();
  return (
    <PrimeReactProvider value={{ ripple, inputStyle, pt: PASS_THROUGH }}>
      <FollowLayoutSettings />
      {children}
    </PrimeReactProvider>
  );
}
