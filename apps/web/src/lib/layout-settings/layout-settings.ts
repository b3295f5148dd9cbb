import { useSyncExternalStore } from 'react';
import { applyLayout } from './apply-layout.ts';
import { colorModeOf, DEFAULT_SCALE, DEFAULT_THEME, LAYOUT_SETTINGS_KEY, MAX_SCALE, MIN_SCALE } from './constants.ts';
import { type ColorMode, isKnownTheme } from './themes.ts';

export type InputStyle = 'outlined' | 'filled';
export type MenuMode = 'static' | 'overlay';

export interface LayoutSettings {
  /** Root font size in px; PrimeReact themes size everything in rem. */
  scale: number;
  inputStyle: InputStyle;
  ripple: boolean;
  menuMode: MenuMode;
  theme: string;
  colorMode: ColorMode;
}

export type LayoutSettingsChange = Partial<Omit<LayoutSettings, 'colorMode'>>;

const DEFAULTS: LayoutSettings = {
  scale: DEFAULT_SCALE,
  inputStyle: 'outlined',
  ripple: false,
  menuMode: 'static',
  theme: DEFAULT_THEME,
  colorMode: colorModeOf(DEFAULT_THEME),
};

/** Keeps every valid stored field and replaces the rest, so an old or hand-edited entry never breaks the page. */
function sanitize(value: Record<string, unknown>): LayoutSettings {
  const scale = value.scale;
  const theme = isKnownTheme(value.theme) ? value.theme : DEFAULTS.theme;
  return {
    scale:
      typeof scale === 'number' && Number.isInteger(scale) && scale >= MIN_SCALE && scale <= MAX_SCALE
        ? scale
        : DEFAULTS.scale,
    inputStyle:
      value.inputStyle === 'filled' || value.inputStyle === 'outlined' ? value.inputStyle : DEFAULTS.inputStyle,
    ripple: typeof value.ripple === 'boolean' ? value.ripple : DEFAULTS.ripple,
    menuMode: value.menuMode === 'overlay' || value.menuMode === 'static' ? value.menuMode : DEFAULTS.menuMode,
    theme,
    colorMode: colorModeOf(theme),
  };
}

function readStored(): LayoutSettings {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LAYOUT_SETTINGS_KEY) ?? '{}');
    return sanitize(typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {});
  } catch {
    return DEFAULTS;
  }
}

let current = readStored();
const listeners = new Set<() => void>();

export const getLayoutSettings = () => current;

export function updateLayoutSettings(change: LayoutSettingsChange) {
  current = sanitize({ ...current, ...change });
  try {
    localStorage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify(current));
  } catch {
    // Storage full or blocked: the change still applies to this visit.
  }
  applyLayout(current);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The build's prerender (src/prerender.tsx) reads the same: the defaults, as there is no storage there.
export const useLayoutSettings = () => useSyncExternalStore(subscribe, getLayoutSettings, getLayoutSettings);
