/**
 * A day's pages of text as the text view shows them (issue 33): its heading (the day's first line), then paragraphs
 * of lines, a blank line or a new page ending one. Lines keep their breaks: a verse, a scripture reference, a prayer
 * are set as the edition set them.
 */
export function dayParagraphs(pages: readonly { text: string }[]): { heading: string; paragraphs: string[][] } {
  const paragraphs: string[][] = [];
  for (const { text } of pages) {
    let paragraph: string[] = [];
    for (const line of text.split('\n').map((each) => each.trim())) {
      if (line !== '') paragraph.push(line);
      else if (paragraph.length > 0) {
        paragraphs.push(paragraph);
        paragraph = [];
      }
    }
    if (paragraph.length > 0) paragraphs.push(paragraph);
  }
  const [first = [], ...rest] = paragraphs;
  const [heading = '', ...afterHeading] = first;
  return { heading, paragraphs: afterHeading.length > 0 ? [afterHeading, ...rest] : rest };
}
