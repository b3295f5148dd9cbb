import { describe, expect, it } from 'vitest';
import { pseudoCatalogue } from './pseudo-locale.ts';

describe('pseudoCatalogue', () => {
  it('accents and lengthens every text, keeping placeholders, plurals and nesting', () => {
    const pseudo = pseudoCatalogue({
      reader: { next: 'Next page', pageCount: '{count, plural, one {# page} other {# pages}} of {total}' },
    }) as { reader: Record<string, string> };
    expect(pseudo.reader.next).toBe('⟦Ñéxt pàgé ~~~~⟧');
    expect(pseudo.reader.pageCount).toBe('⟦{count,plural,one{# pàgé ~~} other{# pàgés ~~}} öf ~{total}⟧');
  });
});
