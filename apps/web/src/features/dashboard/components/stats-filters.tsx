import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { type FormEvent, useState } from 'react';
import { bookRecords } from '../../../lib/resources/books.ts';
import type { StatsQuery } from '../api/stats-query.ts';
import { isoDay, monthBounds } from './stats-dates.ts';

interface DayFieldProps {
  id: string;
  label: string;
  value: Date;
  onChange: (day: Date) => void;
}

function DayField({ id, label, value, onChange }: DayFieldProps) {
  return (
    <div className="field col-12 md:col-3">
      <label htmlFor={id}>{label}</label>
      <Calendar
        inputId={id}
        value={value}
        onChange={(event) => event.value && onChange(event.value)}
        dateFormat="yy-mm-dd"
        showIcon
      />
    </div>
  );
}

interface StatsFiltersProps {
  onSearch: (query: StatsQuery) => void;
  searching: boolean;
}

/** Start and end days (the current month at first), a book, and Search. */
export function StatsFilters({ onSearch, searching }: StatsFiltersProps) {
  const books = useQuery(bookRecords.listQuery);
  const [start, setStart] = useState<Date>(() => monthBounds().start);
  const [end, setEnd] = useState<Date>(() => monthBounds().end);
  const [book, setBook] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ start: isoDay(start), end: isoDay(end), ...(book ? { book } : {}) });
  };

  return (
    <form className="grid formgrid p-fluid align-items-end" onSubmit={submit} aria-label="Statistics filter">
      <DayField id="stats-start" label="Start date" value={start} onChange={setStart} />
      <DayField id="stats-end" label="End date" value={end} onChange={setEnd} />
      <div className="field col-12 md:col-3">
        <label htmlFor="stats-book">Book</label>
        <Dropdown
          inputId="stats-book"
          value={book}
          options={books.data ?? []}
          optionLabel="name"
          optionValue="name"
          placeholder="All books"
          showClear
          loading={books.isPending}
          onChange={(event) => setBook(event.value ?? null)}
        />
      </div>
      <div className="field col-12 md:col-3">
        <Button type="submit" label="Search" icon="pi pi-search" loading={searching} />
      </div>
    </form>
  );
}
