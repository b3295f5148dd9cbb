import { parseMonth } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { dayTextPath, readerPath } from '../../../components/read-link.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { dayParagraphs } from '../../../lib/editions/day-text.ts';
import { keptEditionQuery } from '../../../lib/editions/kept-text.ts';
import { rememberTextSize, TEXT_SIZES, textSizeChosen } from '../../../lib/editions/reading-memory.ts';
import { formatDay } from '../../../lib/i18n/format.ts';
import { editionDaysQuery, editionQuery } from '../../../lib/resources/files.ts';
import { dayTextQuery } from '../api/get-day-text.ts';
import { ReadingBar, useNight } from '../components/reading-bar.tsx';
import { daysAround } from '../reading-days.ts';
import '../reader.css';

/**
 * A day's reading as text (issue 33): a few kilobytes instead of the PDF, its size and night mode the member's,
 * read by screen readers as headings and paragraphs. Previous and next day, and the day in the PDF, below it.
 * Asking for it counts as getting the edition.
 */
export function DayTextPage() {
  const { t } = useTranslation();
  const { id = '', day: dayParam = '' } = useParams();
  const day = Number(dayParam);
  const text = useQuery({ ...dayTextQuery(id, day), enabled: Number.isInteger(day) && day >= 1 && day <= 31 });
  const edition = useQuery(editionQuery(id)).data;
  const daysFound = useQuery(editionDaysQuery(id)).data?.days;
  // Offline, the edition's names and days as this device kept them with this month's text (decision 057).
  const kept = useQuery({ ...keptEditionQuery(id), enabled: !edition || !daysFound }).data;
  const days = daysFound ?? kept?.days.map(({ day: each, firstPage }) => ({ day: each, page: firstPage })) ?? [];
  const names = edition
    ? {
        book: edition.book_name,
        language: edition.book_language,
        month: parseMonth(edition.book_month),
        year: edition.book_year,
      }
    : kept;
  const when = names?.month ? formatDay(day, names.month, names.year) : '';
  const title = names ? `${when} · ${names.book} · ${names.language}` : t('reader.title');
  useDocumentTitle(title);
  const { night, toggle: toggleNight } = useNight();
  const [size, setSize] = useState(textSizeChosen);
  const resize = (step: number) => {
    rememberTextSize(step);
    setSize(step);
  };
  const { previous, next } = daysAround(days, text.data?.firstPage ?? 0);
  const { heading, paragraphs } = dayParagraphs(text.data?.pages ?? []);

  return (
    <div className={`reader day-text${night ? ' day-text-night' : ''}`}>
      <ReadingBar title={title} night={night} toggleNight={toggleNight}>
        <Button
          type="button"
          icon="pi pi-search-minus"
          rounded
          text
          aria-label={t('reader.smallerText')}
          disabled={size === 0}
          onClick={() => resize(size - 1)}
        />
        <Button
          type="button"
          icon="pi pi-search-plus"
          rounded
          text
          aria-label={t('reader.largerText')}
          disabled={size === TEXT_SIZES.length - 1}
          onClick={() => resize(size + 1)}
        />
      </ReadingBar>
      <article className="day-text-body" style={{ fontSize: `${TEXT_SIZES[size]}rem` }}>
        {text.isError ? (
          <Message severity="error" text={text.error.message} />
        ) : text.isPending ? (
          <PageLoader />
        ) : (
          <>
            <h2 className="day-text-heading">{heading || when}</h2>
            {paragraphs.map((lines, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the day's paragraphs, in the order the edition has them
              <p key={index}>
                {lines.map((line, at) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a paragraph's lines, in order
                  <span key={at}>
                    {at > 0 && <br />}
                    {line}
                  </span>
                ))}
              </p>
            ))}
          </>
        )}
      </article>
      <nav className="reader-controls" aria-label={t('reader.days')}>
        {previous && (
          <Link to={dayTextPath(id, previous.day)} className="p-button p-button-text">
            <i className="pi pi-angle-double-left p-button-icon-left" aria-hidden />
            {t('reader.previousDay')}
          </Link>
        )}
        {text.data && (
          <Link to={readerPath(id, text.data.firstPage)} className="p-button p-button-outlined">
            <i className="pi pi-book p-button-icon-left" aria-hidden />
            {t('reader.inThePdf')}
          </Link>
        )}
        {next && (
          <Link to={dayTextPath(id, next.day)} className="p-button p-button-text">
            {t('reader.nextDay')}
            <i className="pi pi-angle-double-right p-button-icon-right" aria-hidden />
          </Link>
        )}
      </nav>
    </div>
  );
}
