import { type FileRecord, parseMonth } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/i18n/format.ts';
import { editionDaysQuery } from '../../../lib/resources/files.ts';
import { daysAround, todayIn } from '../reading-days.ts';

interface DayButtonsProps {
  edition: FileRecord;
  page: number;
  turnTo: (page: number) => void;
}

/**
 * The reader's days (issue 33), for an edition whose days are mapped: the day the page belongs to, the previous and
 * the next day's first page, and today's in this month's edition. Nothing without a map, or offline without one.
 */
export function DayButtons({ edition, page, turnTo }: DayButtonsProps) {
  const { t } = useTranslation();
  const days = useQuery(editionDaysQuery(edition._id)).data?.days ?? [];
  const month = parseMonth(edition.book_month);
  if (days.length === 0 || !month) return null;
  const { day, previous, next } = daysAround(days, page);
  const today = todayIn(days, edition.book_year, month);
  return (
    <fieldset className="reader-days" aria-label={t('reader.days')}>
      <Button
        type="button"
        icon="pi pi-angle-double-left"
        rounded
        text
        aria-label={t('reader.previousDay')}
        disabled={!previous}
        onClick={() => previous && turnTo(previous.page)}
      />
      <span className="reader-day">{day ? formatDay(day.day, month, edition.book_year) : ''}</span>
      <Button
        type="button"
        icon="pi pi-angle-double-right"
        rounded
        text
        aria-label={t('reader.nextDay')}
        disabled={!next}
        onClick={() => next && turnTo(next.page)}
      />
      {today && today.day !== day?.day && (
        <Button type="button" label={t('reader.today')} text onClick={() => turnTo(today.page)} />
      )}
    </fieldset>
  );
}
