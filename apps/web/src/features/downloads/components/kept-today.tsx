import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dayTextPath } from '../../../components/read-link.tsx';
import { dayParagraphs } from '../../../lib/editions/day-text.ts';
import { keptTodayQuery } from '../../../lib/editions/kept-text.ts';
import { formatDay } from '../../../lib/i18n/format.ts';

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
        {kept.map(({ entry, day: reading }) => {
          const day = formatDay(reading.day, entry.month, entry.year);
          const [lines = []] = dayParagraphs(reading.pages).paragraphs;
          const names = { book: entry.book, language: entry.language, day };
          return (
            <li key={entry.id} className="edition-card-today">
              <p className="m-0 font-semibold">
                {entry.book} · {entry.language}
              </p>
              <p className="m-0">{t('downloads.card.today', { day })}</p>
              {lines.length > 0 && <p className="edition-card-lines">{lines.join(' ')}</p>}
              <Link
                to={dayTextPath(entry.id, reading.day)}
                className="edition-card-text-link"
                aria-label={t('downloads.card.readAsTextEdition', names)}
              >
                {t('downloads.card.readAsText')}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
