import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dayParagraphs } from '../../../lib/editions/day-text.ts';
import { keptTodayQuery } from '../../../lib/editions/kept-text.ts';
import { formatDay } from '../../../lib/i18n/format.ts';
import { TodayReading } from './today-reading.tsx';

/**
 * Without a connection: today's reading in each edition of this month whose text this device kept (decision 057),
 * its first lines and the text view, as the edition's card has them online. Nothing when none was kept.
 */
export function KeptToday() {
  const { t } = useTranslation();
  const kept = useQuery(keptTodayQuery).data ?? [];
  if (kept.length === 0) return null;
  return (
    <section className="surface-card border-round-xl shadow-1 p-3 md:p-4" aria-labelledby="kept-today-title">
      <h2 id="kept-today-title" className="text-xl font-semibold mt-0 mb-3">
        {t('downloads.home.keptToday')}
      </h2>
      <ul className="list-none m-0 p-0 flex flex-column gap-3">
        {kept.map(({ entry, day: reading }) => (
          <li key={entry.id} className="edition-card-today">
            <p className="m-0 text-muted">
              {entry.book} · {entry.language}
            </p>
            <TodayReading
              id={entry.id}
              day={reading.day}
              when={formatDay(reading.day, entry.month, entry.year)}
              lines={dayParagraphs(reading.pages).paragraphs[0] ?? []}
              book={entry.book}
              language={entry.language}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
