import { dateRangeSchema, type StatsQuery } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/form-field.tsx';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { bookRecords } from '../../../lib/resources/books.ts';
import { isoDay, monthBounds } from './stats-dates.ts';

interface DayFieldProps {
  id: string;
  label: string;
  value: Date;
  error?: string | undefined;
  onChange: (day: Date) => void;
}

function DayField({ id, label, value, error, onChange }: DayFieldProps) {
  return (
    <FormField id={id} label={label} error={error} className="field col-12 md:col-4">
      {({ id: inputId, invalid, ...aria }) => (
        <Calendar
          inputId={inputId}
          value={value}
          onChange={(event) => event.value && onChange(event.value)}
          dateFormat="yy-mm-dd"
          showIcon
          invalid={invalid}
          // Calendar hands `input` to its InputText, whose element is its `root`.
          pt={{ input: { root: aria } }}
        />
      )}
    </FormField>
  );
}

interface Filter {
  start: Date;
  end: Date;
  book: string | null;
  includeStaff: boolean;
}

interface StatsFiltersProps {
  onSearch: (query: StatsQuery) => void;
  searching: boolean;
}

/**
 * Start and end days (the current month at first), a book, and Search; the staff's downloads switched in or
 * out at once. A range that ends before it starts is said so here, and nothing is asked of the server.
 */
export function StatsFilters({ onSearch, searching }: StatsFiltersProps) {
  const { t } = useTranslation();
  const books = useQuery(bookRecords.listQuery);
  const [filter, setFilter] = useState<Filter>(() => ({ ...monthBounds(), book: null, includeStaff: false }));
  const [rangeError, setRangeError] = useState<string>();
  const change = (next: Partial<Filter>) => {
    setFilter((current) => ({ ...current, ...next }));
    if (next.start || next.end) setRangeError(undefined);
  };

  const search = ({ start, end, book, includeStaff }: Filter) => {
    // The server's own rule and words, before anything is asked of it.
    const range = dateRangeSchema.safeParse({ start: isoDay(start), end: isoDay(end) });
    if (!range.success) return setRangeError(translateMessage(range.error.issues[0]?.message ?? ''));
    onSearch({ ...range.data, ...(book ? { book } : {}), includeStaff });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(filter);
  };

  return (
    // The fields' tops in line, so that an error under one moves nothing beside it; the switch and Search below.
    <form className="grid formgrid p-fluid" onSubmit={submit} aria-label={t('stats.filter.label')}>
      <DayField
        id="stats-start"
        label={t('stats.filter.start')}
        value={filter.start}
        onChange={(start) => change({ start })}
      />
      <DayField
        id="stats-end"
        label={t('stats.filter.end')}
        value={filter.end}
        error={rangeError}
        onChange={(end) => change({ end })}
      />
      <FormField id="stats-book" label={t('stats.filter.book')} className="field col-12 md:col-4">
        {({ id }) => (
          <Dropdown
            inputId={id}
            value={filter.book}
            options={books.data ?? []}
            optionLabel="name"
            optionValue="name"
            placeholder={t('stats.filter.allBooks')}
            showClear
            loading={books.isPending}
            onChange={(event) => change({ book: event.value ?? null })}
          />
        )}
      </FormField>
      <FormField
        id="stats-staff"
        label={t('stats.filter.includeStaff')}
        variant="check"
        className="field col-12 md:col-8 align-self-center"
      >
        {({ id }) => (
          <InputSwitch
            inputId={id}
            // The switch is its input (role="switch"); PrimeReact also names its frame a checkbox, one control in another.
            pt={{ root: { role: undefined, 'aria-checked': undefined } }}
            checked={filter.includeStaff}
            onChange={(event) => {
              const next = { ...filter, includeStaff: Boolean(event.value) };
              change({ includeStaff: next.includeStaff });
              search(next);
            }}
          />
        )}
      </FormField>
      <div className="field col-12 md:col-4">
        <Button type="submit" label={t('stats.filter.search')} icon="pi pi-search" loading={searching} />
      </div>
    </form>
  );
}
