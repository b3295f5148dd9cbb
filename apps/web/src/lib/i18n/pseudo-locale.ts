import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'aeiouycnAEIOUYCN'].map((letter, index) => [letter, [...'àéîöûýçñÀÉÎÖÛÝÇÑ'][index] ?? letter]),
);

/**
 * Words 40% longer and accented, so that a layout test sees text cut off and strings left untranslated. The
 * padding is words too (`~~~~ ~~`), which a line may break between, as it would between a translation's.
 */
function pseudoText(text: string): string {
  const accented = [...text].map((letter) => ACCENTED[letter] ?? letter).join('');
  const padding = Math.ceil(text.trim().length * 0.4);
  if (padding === 0) return accented;
  const words = '~'.repeat(padding).match(/~{1,5}/g) ?? [];
  return `${accented}${/\s$/.test(accented) ? '' : ' '}${words.join(' ')}`;
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: pseudoElements(option.value) },
        ]),
      );
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

/** The English catalogue made pseudo: each message's words changed, its placeholders and plurals kept. */
export function pseudoCatalogue(english: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(english).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? `⟦${printAST(pseudoElements(parse(value)))}⟧`
        : pseudoCatalogue(value as Record<string, unknown>),
    ]),
  );
}
