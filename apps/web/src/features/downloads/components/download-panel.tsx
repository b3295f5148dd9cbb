import { FILE_MESSAGES } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { readerPath } from '../../../components/read-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyDownloadError, useDownloadEdition } from '../../../lib/editions/download-edition.ts';
import { useSignOutRemoves } from '../../../lib/editions/saved-on-device.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { bookRecords } from '../../../lib/resources/books.ts';
import { useSession } from '../../../lib/session/session-provider.tsx';
import { useSignOut } from '../../../lib/session/use-sign-out.ts';
import { errorToast, useToast } from '../../../lib/toast.tsx';
import { useFindEdition } from '../api/find-edition.ts';
import { editionMonthsQuery } from '../api/get-edition-months.ts';
import '../downloads.css';
import { Trans, useTranslation } from 'react-i18next';
import { monthOptions } from '../../../lib/i18n/format.ts';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { ChoiceField } from './choice-field.tsx';

const FIELD = 'field col-12 md:col-6';

/** The book the portal started with, renamed or not: the one most members read. */
const firstAdded = <T extends { createdAt: string }>(books: T[]) =>
  books.reduce<T | undefined>((first, each) => (!first || each.createdAt < first.createdAt ? each : first), undefined);

/**
 * Book, year, month and language of an edition, and its download: on the landing page and on /user/download.
 * The book is asked only when there are several; it is the first book added (Teevo, on a new portal) until
 * another is chosen (decision 012).
 */
export function DownloadPanel() {
  const { t } = useTranslation();
  const { user } = useSession();
  const notify = useToast();
  const signOut = useSignOut();
  const { note: removes, read: readSaved } = useSignOutRemoves();
  useEffect(() => {
    void readSaved();
  }, [readSaved]);
  const home = usePublicConfig().data?.links.home;
  const books = useQuery(bookRecords.listQuery).data ?? [];
  const download = useDownloadEdition();
  const findEdition = useFindEdition();
  const navigate = useNavigate();
  // By id, so that the choice outlives a rename of the book.
  const [bookId, setBookId] = useState<string | null>(null);
  const [year, setYear] = useState<number | null>(null);
  const [month, setMonth] = useState<number | null>(null);
  const [language, setLanguage] = useState<string | null>(null);
  const book = books.find((each) => each.id === bookId) ?? firstAdded(books);
  // Only what exists is offered: the book's years, that year's months, that month's languages. A choice the next
  // list does not have (another book, another year) is no choice.
  const months = useQuery(editionMonthsQuery(book?.name));
  const editionMonths = months.data ?? [];
  const years = [...new Set(editionMonths.map((each) => each.year))];
  const chosenYear = year && years.includes(year) ? year : null;
  const monthsOfYear = editionMonths.filter((each) => each.year === chosenYear);
  const chosenMonth = monthsOfYear.find((each) => each.month === month);
  const languages = chosenMonth?.languages ?? [];
  const chosenLanguage = language && languages.includes(language) ? language : null;
  const choice =
    book && chosenYear && chosenMonth ? { book: book.name, year: chosenYear, month: chosenMonth.month } : null;
  const noEdition = book && months.isSuccess && editionMonths.length === 0;

  /** Finds the chosen edition and hands it to `use` (download it, or open it in the reader); says what is missing. */
  const withChosenEdition = async (use: (id: string) => unknown) => {
    if (!choice || !chosenLanguage) {
      notify({
        severity: 'warn',
        summary: t('downloads.panel.title'),
        detail: translateMessage(FILE_MESSAGES.selectionMissing),
      });
      return;
    }
    try {
      const edition = await findEdition.mutateAsync({ ...choice, language: chosenLanguage });
      await use(edition._id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        notify(errorToast(translateMessage(FILE_MESSAGES.editionMissing)));
      else notifyDownloadError(notify, error);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void withChosenEdition(download);
  };
  const read = () => void withChosenEdition((id) => navigate(readerPath(id)));

  // Leaving the site only once the server has forgotten the session: a browser may drop a request of a page it left.
  const returnHome = () =>
    void signOut().then(() => {
      if (home) window.location.assign(home);
    });

  return (
    <section className="surface-card border-round-xl shadow-1 p-3 md:p-5" aria-labelledby="download-title">
      <h1 id="download-title" className="text-2xl font-semibold mt-0 mb-2">
        {t('downloads.panel.title')}
      </h1>
      <p className="mt-0 mb-4 text-muted wrap-anywhere">
        <Trans
          i18nKey="downloads.panel.hello"
          values={{ name: user?.fullName || user?.email }}
          components={{ strong: <strong /> }}
        />
      </p>
      <form onSubmit={submit} noValidate aria-label={t('downloads.panel.edition')}>
        <div className="grid formgrid">
          {books.length > 1 && (
            <ChoiceField
              id="download-book"
              label={t('downloads.book')}
              fieldClassName={FIELD}
              value={book?.id}
              options={books}
              optionLabel="name"
              optionValue="id"
              onChange={(event) => setBookId(event.value)}
            />
          )}
          <ChoiceField
            id="download-year"
            label={t('downloads.year')}
            fieldClassName={FIELD}
            value={chosenYear}
            options={years}
            onChange={(event) => setYear(event.value)}
            placeholder={t('downloads.panel.selectYear')}
            loading={months.isFetching}
            disabled={Boolean(noEdition)}
            aria-describedby={noEdition ? 'download-none' : undefined}
          />
          <ChoiceField
            id="download-month"
            label={t('downloads.month')}
            fieldClassName={FIELD}
            value={chosenMonth?.month ?? null}
            options={monthOptions().filter((option) => monthsOfYear.some((each) => each.month === option.value))}
            onChange={(event) => setMonth(event.value)}
            placeholder={chosenYear ? t('downloads.panel.selectMonth') : t('downloads.panel.selectYearFirst')}
            disabled={Boolean(noEdition)}
          />
          <ChoiceField
            id="download-language"
            label={t('downloads.language')}
            fieldClassName={FIELD}
            value={chosenLanguage}
            options={languages}
            onChange={(event) => setLanguage(event.value)}
            placeholder={choice ? t('downloads.panel.selectLanguage') : t('downloads.panel.selectMonthFirst')}
            disabled={Boolean(noEdition)}
            filter
          />
        </div>
        {noEdition && (
          <p id="download-none" className="mt-0 mb-3 text-muted">
            {t('downloads.panel.noEdition', { book: book.name })}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            label={t('downloads.panel.download')}
            icon="pi pi-download"
            loading={findEdition.isPending}
          />
          <Button type="button" label={t('downloads.card.read')} icon="pi pi-book" outlined onClick={read} />
        </div>
      </form>
      <div className="download-panel-actions flex flex-wrap gap-2 mt-4 pt-3">
        <Button
          type="button"
          label={t('downloads.panel.returnHome')}
          icon="pi pi-home"
          outlined
          onClick={returnHome}
          disabled={!home}
        />
        <Button
          type="button"
          label={t('common.signOut')}
          icon="pi pi-sign-out"
          text
          aria-describedby={removes ? 'sign-out-removes' : undefined}
          onClick={() => void signOut()}
        />
        {removes && (
          <small id="sign-out-removes" className="w-full text-muted">
            {removes}
          </small>
        )}
      </div>
    </section>
  );
}
