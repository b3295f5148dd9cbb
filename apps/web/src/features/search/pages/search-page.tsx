import { DAY_MESSAGES, type EditionSearchResult, parseMonth, SEARCH_LIMITS } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { dayTextPath, readerPath } from '../../../components/read-link.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { editionMonth } from '../../../lib/editions/edition-cells.ts';
import { formatDay } from '../../../lib/i18n/format.ts';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { searchQuery } from '../api/search-editions.ts';
import '../search.css';

/** Where a match is: its day where the edition's days are mapped, and its page. */
function Where({ result }: { result: EditionSearchResult }) {
  const { t } = useTranslation();
  const month = parseMonth(result.file.book_month);
  return result.day !== null && month
    ? t('search.dayPage', { day: formatDay(result.day, month, result.file.book_year), page: result.page })
    : t('search.page', { page: result.page });
}

/** One page found: its edition, where, the words around its matches (marked), and the ways to read it. */
function Result({ result }: { result: EditionSearchResult }) {
  const { t } = useTranslation();
  const { file } = result;
  const edition = `${file.book_name} · ${editionMonth(file)} · ${file.book_language}`;
  return (
    <li className="search-result">
      <h2 className="search-result-title">{edition}</h2>
      <p className="m-0 text-muted">
        <Where result={result} />
      </p>
      <p className="search-snippet">
        {result.snippet.map((part, index) =>
          // biome-ignore lint/suspicious/noArrayIndexKey: the snippet's parts, in order
          part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link
          to={readerPath(file._id, result.page)}
          className="p-button p-button-outlined"
          aria-label={t('search.readAt', { edition, page: result.page })}
        >
          <i className="pi pi-book p-button-icon-left" aria-hidden />
          {t('search.read')}
        </Link>
        {result.day !== null && (
          <Link
            to={dayTextPath(file._id, result.day)}
            className="p-button p-button-text"
            aria-label={t('search.asTextOf', { edition, day: result.day })}
          >
            {t('search.asText')}
          </Link>
        )}
      </div>
    </li>
  );
}

/**
 * Searches the text of the editions in the member's languages (issue 33, point 3): words (found by their stem in
 * English, French, Spanish and Portuguese), "a phrase", -a word left out. The search is in the address, so that Back
 * from a result comes back to it.
 */
export function SearchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('search.title'));
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  const [tooShort, setTooShort] = useState(false);
  const asked = q.length >= SEARCH_LIMITS.min;
  const results = useQuery({ ...searchQuery(q), enabled: asked });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = draft.trim();
    setTooShort(wanted.length < SEARCH_LIMITS.min);
    if (wanted.length >= SEARCH_LIMITS.min) setParams({ q: wanted });
  };

  return (
    <PageSection title={t('search.title')}>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is missing from the older phones' browsers members have */}
      <form role="search" className="search-form" onSubmit={submit} noValidate>
        <label htmlFor="search-words" className="font-medium">
          {t('search.label')}
        </label>
        <div className="flex gap-2">
          <InputText
            id="search-words"
            type="search"
            value={draft}
            maxLength={SEARCH_LIMITS.max}
            className="flex-1 min-w-0"
            aria-describedby="search-hint"
            aria-invalid={tooShort || undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" icon="pi pi-search" label={t('search.submit')} />
        </div>
        <small id="search-hint" className={tooShort ? 'p-error' : 'text-muted'}>
          {tooShort ? translateMessage(DAY_MESSAGES.searchTooShort) : t('search.hint')}
        </small>
      </form>
      {asked &&
        (results.isPending ? (
          <PageLoader />
        ) : results.isError ? (
          <Message severity="error" text={results.error.message} />
        ) : results.data.length === 0 ? (
          <p role="status">{t('search.none', { q })}</p>
        ) : (
          <>
            <p role="status" className="text-muted">
              {t('search.count', { count: results.data.length })}
            </p>
            <ul className="search-results">
              {results.data.map((result) => (
                <Result key={`${result.file._id} ${result.page}`} result={result} />
              ))}
            </ul>
          </>
        ))}
    </PageSection>
  );
}
