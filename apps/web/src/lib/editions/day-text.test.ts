import { describe, expect, it } from 'vitest';
import { dayParagraphs } from './day-text.ts';

describe('dayParagraphs', () => {
  it('takes the first line as the heading, and ends a paragraph at a blank line or a new page', () => {
    expect(
      dayParagraphs([
        { text: 'Saturday 28 November\nForgiveness\n\n  Read Matthew 6:14.\nFor if you forgive others,\n' },
        { text: 'they will forgive you.\n\n\nPray for a friend.' },
      ]),
    ).toEqual({
      heading: 'Saturday 28 November',
      paragraphs: [
        ['Forgiveness'],
        ['Read Matthew 6:14.', 'For if you forgive others,'],
        ['they will forgive you.'],
        ['Pray for a friend.'],
      ],
    });
  });

  it('a day without text has no heading and no paragraphs', () => {
    expect(dayParagraphs([{ text: '' }, { text: '\n\n' }])).toEqual({ heading: '', paragraphs: [] });
    expect(dayParagraphs([])).toEqual({ heading: '', paragraphs: [] });
  });
});
