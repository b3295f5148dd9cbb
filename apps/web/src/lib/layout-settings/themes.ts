import { themeNames, themesPath } from 'virtual:prime-themes';
import { colorModeOf } from './constants.ts';

export type ColorMode = ReturnType<typeof colorModeOf>;

export interface Theme {
  name: string;
  label: string;
  colorMode: ColorMode;
}

export const themeHref = (name: string) => `${themesPath}/${name}/theme.css`;

const WORD_LABELS: Record<string, string> = {
  md: 'Material',
  mdc: 'Material Compact',
  bootstrap4: 'Bootstrap 4',
  deeppurple: 'Deep Purple',
};

const labelOf = (name: string) =>
  name
    .split('-')
    .map((word) => WORD_LABELS[word] ?? `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join(' ');

export const THEMES: readonly Theme[] = themeNames.map((name) => ({
  name,
  label: labelOf(name),
  colorMode: colorModeOf(name),
}));

export const THEME_NAMES: readonly string[] = themeNames;

export const isKnownTheme = (name: unknown): name is string => typeof name === 'string' && themeNames.includes(name);
