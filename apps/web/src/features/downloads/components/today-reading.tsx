import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dayTextPath } from '../../../components/read-link.tsx';

interface TodayReadingProps {
  /** The edition, and the day of its month read today. */
  id: string;
  day: number;
  /** That day as a date ("Saturday 28 November"), and the day's first lines. */
  when: string;
  lines: string[];
  book: string;
  language: string;
}

/** Today's reading in an edition: its day, its first lines and the text view (issue 33), on a card or offline. */
export function TodayReading({ id, day, when, lines, book, language }: TodayReadingProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="m-0 font-semibold">{t('downloads.card.today', { day: when })}</p>
      {lines.length > 0 && <p className="edition-card-lines">{lines.join(' ')}</p>}
      <Link
        to={dayTextPath(id, day)}
        className="edition-card-text-link"
        aria-label={t('downloads.card.readAsTextEdition', { book, language, day: when })}
      >
        {t('downloads.card.readAsText')}
      </Link>
    </>
  );
}
