import { useSyncExternalStore } from 'react';
import { applyLayout } from './apply-layout.ts';
import {
  colorModeOf,
  DARK_THEME,
  DEFAULT_SCALE,
  DEFAULT_THEME,
  LAYOUT_SETTINGS_KEY,
  MAX_SCALE,
  MIN_SCALE,
  PREFERS_DARK,
  themeOfChoice,
} from './constants.ts';
import { type ColorMode, isKnownTheme, THEME_NAMES } from './themes.ts';

export type InputStyle = 'outlined' | 'filled';
export type MenuMode = 'static' | 'overlay';

/** The member's pick of a theme: the device's light or dark one (until they pick), light, dark, or a theme by name. */
export type ThemeChoice = 'device' | 'light' | 'dark' | (string & {});

export interface LayoutSettings {
  /** Root font size in px; PrimeReact themes size everything in rem. */
  scale: number;
  inputStyle: InputStyle;
  ripple: boolean;
  menuMode: MenuMode;
  themeChoice: ThemeChoice;
  /** The theme shown: the choice's, or the device's light or dark one. */
  theme: string;
  colorMode: ColorMode;
}

export type LayoutSettingsChange = Partial<Omit<LayoutSettings, 'theme' | 'colorMode'>>;

const DEFAULTS = { scale: DEFAULT_SCALE, inputStyle: 'outlined', ripple: false, menuMode: 'static' } as const;

const prefersDark = () => typeof window !== 'undefined' && (window.matchMedia?.(PREFERS_DARK).matches ?? false);

/**
 * The choice a stored value is: the two themes "light" and "dark" show by their words, the default theme's name
 * (which every visit stored before the device's setting was followed) as the device's, an unknown name as nothing.
 */
function choiceOf(value: unknown): ThemeChoice {
  if (value === 'light' || value === 'dark') return value;
  if (value === DARK_THEME) return 'dark';
  return isKnownTheme(value) && value !== DEFAULT_THEME ? value : 'device';
}

/** Keeps every valid stored field and replaces the rest, so an old or hand-edited entry never breaks the page. */
function sanitize(value: Record<string, unknown>): LayoutSettings {
  const scale = value.scale;
  const themeChoice = choiceOf(value.themeChoice);
  const theme = themeOfChoice(themeChoice, prefersDark(), {
    light: DEFAULT_THEME,
    dark: DARK_THEME,
    names: THEME_NAMES,
  });
  return {
    scale:
      typeof scale === 'number' && Number.isInteger(scale) && scale >= MIN_SCALE && scale <= MAX_SCALE
        ? scale
        : DEFAULTS.scale,
    inputStyle:
      value.inputStyle === 'filled' || value.inputStyle === 'outlined' ? value.inputStyle : DEFAULTS.inputStyle,
    ripple: typeof value.ripple === 'boolean' ? value.ripple : DEFAULTS.ripple,
    menuMode: value.menuMode === 'overlay' || value.menuMode === 'static' ? value.menuMode : DEFAULTS.menuMode,
    themeChoice,
    theme,
    colorMode: colorModeOf(theme),
  };
}

/** The stored entry: the choice under `theme`, the name the boot script (restore-layout.ts) reads, as ever. */
function readStored(): LayoutSettings {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LAYOUT_SETTINGS_KEY) ?? '{}');
    const stored = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    return sanitize({ ...stored, themeChoice: stored.theme });
  } catch {
    return sanitize({});
  }
}

let current = readStored();
const listeners = new Set<() => void>();

export const getLayoutSettings = () => current;

function show(next: LayoutSettings) {
  current = next;
  applyLayout(current);
  for (const listener of listeners) listener();
}

export function updateLayoutSettings(change: LayoutSettingsChange) {
  const next = sanitize({ ...current, ...change });
  const { scale, inputStyle, ripple, menuMode, themeChoice } = next;
  try {
    const stored = { scale, inputStyle, ripple, menuMode, theme: themeChoice };
    localStorage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or blocked: the change still applies to this visit.
  }
  show(next);
}

// Following the device: its setting turning dark (at night, say) turns the open page dark.
if (typeof window !== 'undefined') {
  window.matchMedia?.(PREFERS_DARK).addEventListener('change', () => {
    if (current.themeChoice === 'device') show(sanitize({ ...current }));
  });
}

export function subscribeLayoutSettings(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The themes a choice may show: the light and the dark one while it follows the device, else its own. */
export const themesToKeep = ({ themeChoice, theme }: LayoutSettings) =>
  themeChoice === 'device' ? [DEFAULT_THEME, DARK_THEME] : [theme];

// The build's prerender (src/prerender.tsx) reads the same: the defaults, as there is no storage there.
export const useLayoutSettings = () =>
  useSyncExternalStore(subscribeLayoutSettings, getLayoutSettings, getLayoutSettings);
