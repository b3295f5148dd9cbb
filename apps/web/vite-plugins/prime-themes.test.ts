import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { withPlatformFonts } from './prime-themes.ts';

const themeCss = (name: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`primereact/resources/themes/${name}/theme.css`), 'utf8');

describe('withPlatformFonts', () => {
  it('gives a Lara theme the platform’s fonts: no Inter, no font file to fetch', () => {
    const css = withPlatformFonts(themeCss('lara-light-indigo'));
    expect(css).not.toMatch(/Inter|@font-face|\.woff2/);
    expect(css).toContain('--font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto');
  });

  it('leaves a theme with fonts of its own as it is', () => {
    const css = themeCss('md-light-indigo');
    expect(withPlatformFonts(css)).toBe(css);
  });
});
