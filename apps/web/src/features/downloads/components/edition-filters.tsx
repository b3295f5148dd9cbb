import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { bookRecords } from '../../../lib/resources/books.ts';
import type { EditionFilters as Filters } from '../../../lib/resources/files.ts';
import { languageRecords } from '../../../lib/resources/languages.ts';
import type { EditionView } from '../edition-view.ts';
import { ChoiceField } from './choice-field.tsx';

const VIEWS: { label: 'downloads.view.cards' | 'downloads.view.table'; value: EditionView; icon: string }[] = [
  { label: 'downloads.view.cards', value: 'cards', icon: 'pi pi-th-large' },
  { label: 'downloads.view.table', value: 'table', icon: 'pi pi-table' },
];

interface EditionFiltersProps {
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
  /** The cards-or-table toggle, on screens wide enough for the table. */
  view?: { value: EditionView; onChange: (view: EditionView) => void };
}

const names = (records: { name: string }[] | undefined) => (records ?? []).map((record) => record.name);

/** The book and language of the editions the member looks through, and how they are shown. */
export function EditionFilters({ filters, onChange, view }: EditionFiltersProps) {
  const { t } = useTranslation();
  const books = names(useQuery(bookRecords.listQuery).data);
  const languages = names(useQuery(languageRecords.listQuery).data);
  return (
    <div className="edition-filters">
      <ChoiceField
        id="editions-book"
        label={t('downloads.book')}
        value={filters.book}
        options={books}
        onChange={(event) => onChange({ book: event.value ?? null })}
        placeholder={t('downloads.allBooks')}
        showClear
      />
      <ChoiceField
        id="editions-language"
        label={t('downloads.language')}
        value={filters.language}
        options={languages}
        onChange={(event) => onChange({ language: event.value ?? null })}
        placeholder={t('downloads.allLanguages')}
        showClear
        filter
      />
      {view && (
        <fieldset className="edition-view" aria-label={t('downloads.view.label')}>
          {VIEWS.map(({ label, value, icon }) => (
            <Button
              key={value}
              type="button"
              label={t(label)}
              icon={icon}
              outlined={view.value !== value}
              aria-pressed={view.value === value}
              onClick={() => view.onChange(value)}
            />
          ))}
        </fieldset>
      )}
    </div>
  );
}
