import { describe, expect, it } from 'vitest';
import { iconStylesheet, readGlyphs } from './prime-icons.ts';

const glyphs = readGlyphs();

describe('iconStylesheet', () => {
  it('draws each icon the sources name, once, from the font’s glyph', () => {
    const css = iconStylesheet(
      [
        ['src/a.tsx', '<Button icon="pi pi-check" /> <i className="pi pi-download" />'],
        ['src/b.ts', "const icon = 'pi-check'; import { apiClient } from './api-client.ts';"],
        ['src/c.css', '.locale-picker .pi-globe { color: red; }'],
      ],
      glyphs,
    );
    expect(css.match(/^\.pi-[\w-]+(?=\{)/gm)).toEqual(['.pi-check', '.pi-download', '.pi-globe']);
    expect(css).toMatch(/\.pi-download\{--pi:url\("data:image\/svg\+xml,%3Csvg [^"]+%3C\/svg%3E"\)\}/);
    // The check mark is wider than an em in the font, and stays so.
    expect(css).toMatch(/\.pi-check\{--pi:url\([^)]+\);width:1\.0625em\}/);
  });

  it('fails, naming the file, for an icon PrimeIcons does not have', () => {
    expect(() => iconStylesheet([['src/a.tsx', '<i className="pi pi-chek" />']], glyphs)).toThrow(
      'src/a.tsx: "pi-chek" is not a PrimeIcons icon',
    );
  });

  it('fails for a name built at run time, which no stylesheet can know', () => {
    const source = ['<i className={`pi pi-', '$', '{name}`} />'].join('');
    expect(() => iconStylesheet([['src/a.tsx', source]], glyphs)).toThrow('src/a.tsx: "pi-" is not a PrimeIcons icon');
  });
});
