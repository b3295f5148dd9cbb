import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { edition } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { EditionCard } from './edition-card.tsx';

const card = (today: { day: number; page: number; lines: string[] } | null) =>
  renderWithApp(
    <EditionCard
      book="Teevo"
      language="English"
      month={11}
      year={2026}
      cover={null}
      file={edition({ _id: 'e1' })}
      today={today}
      onDownload={async () => {}}
    />,
  );

describe('EditionCard', () => {
  it('with today’s reading: its day and first lines, and the reader open at its page', () => {
    card({ day: 28, page: 31, lines: ['28 November', 'Forgiveness'] });
    expect(screen.getByText('Today, Saturday 28 November')).toBeDefined();
    expect(screen.getByText('28 November Forgiveness')).toBeDefined();
    const read = screen.getByRole('link', { name: 'Read today’s reading, Saturday 28 November: Teevo in English' });
    expect(read.getAttribute('href')).toBe('/user/read/e1?page=31');
    const asText = screen.getByRole('link', { name: 'Read as text: Teevo in English, Saturday 28 November' });
    expect(asText.getAttribute('href')).toBe('/user/read/e1/day/28');
  });

  it('without: the reader where the member last was', () => {
    card(null);
    expect(screen.queryByText(/^Today/)).toBeNull();
    const read = screen.getByRole('link', { name: 'Read Teevo in English, November 2026' });
    expect(read.getAttribute('href')).toBe('/user/read/e1');
  });
});
