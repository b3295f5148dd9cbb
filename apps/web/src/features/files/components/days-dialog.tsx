import type { EditionDaysInput, FileRecord } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogProps } from '../../../components/dialog-size.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { editionDaysQuery, useSetDays } from '../../../lib/resources/files.ts';
import { errorToast, useToast } from '../../../lib/toast.tsx';
import '../files.css';
import { DAYS_WORDS } from './days-words.ts';
import { PageThumbnail, useEditionPdf } from './page-thumbnail.tsx';

interface DaysDialogProps {
  file: FileRecord;
  /** The days of the edition's month. */
  daysInMonth: number;
  onHide: () => void;
}

interface NumberFieldProps {
  id: string;
  label: string;
  value: number | null;
  max: number | undefined;
  onChange: (value: number | null) => void;
}

/**
 * One of the dialog's forms: whole numbers from 1, each labelled, and the button that sets them; beside them, the
 * thumbnail of the page they name, if any (below them where the dialog is narrow).
 */
function NumbersForm(props: {
  label: string;
  submit: string;
  busy: boolean;
  fields: NumberFieldProps[];
  thumbnail: ReactNode;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form className="days-form" aria-label={props.label} onSubmit={props.onSubmit}>
      <div className="days-form-fields">
        {props.fields.map((field) => (
          <div key={field.id} className="flex flex-column gap-2">
            <label htmlFor={field.id} className="font-medium">
              {field.label}
            </label>
            <InputNumber
              inputId={field.id}
              value={field.value}
              onValueChange={(event) => field.onChange(event.value ?? null)}
              // As it is typed too (the value above comes when the field is left): the thumbnail follows the keys.
              onChange={(event) => field.onChange(event.value ?? null)}
              useGrouping={false}
              min={1}
              max={field.max}
              inputClassName="w-6rem"
            />
          </div>
        ))}
        <Button type="submit" label={props.submit} disabled={props.busy} />
      </div>
      {props.thumbnail}
    </form>
  );
}

/**
 * Where each day of an edition begins (issue 33, decision 050): how the map was found, and an admin's correction,
 * day 1's page and the pages each day takes, or one day's page, each beside a thumbnail of the page it names (the
 * reader's pdf.js, loaded with the dialog). A scanned edition says it has no text: there the thumbnails matter most.
 */
export function DaysDialog({ file, daysInMonth, onHide }: DaysDialogProps) {
  const { t } = useTranslation();
  const notify = useToast();
  const map = useQuery(editionDaysQuery(file._id));
  const setDays = useSetDays(file._id);
  const pdf = useEditionPdf(file);
  const thumbnailOf = (shown: number | null) =>
    !pdf.failed && <PageThumbnail pdf={pdf.pdf} page={shown} onError={pdf.fail} />;
  const [firstPage, setFirstPage] = useState<number | null>(null);
  const [pagesPerDay, setPagesPerDay] = useState<number | null>(1);
  const [day, setDay] = useState<number | null>(null);
  const [page, setPage] = useState<number | null>(null);
  const days = map.data?.days ?? [];
  const pageCount = map.data?.pageCount ?? undefined;

  const save = (input: EditionDaysInput) => (event: FormEvent) => {
    event.preventDefault();
    setDays.mutate(input, {
      onSuccess: ({ days: saved }) =>
        notify({
          severity: 'success',
          summary: t('common.success'),
          detail: t('files.daysDialog.saved', { found: saved.length, of: daysInMonth }),
        }),
      onError: (error) => notify(errorToast(error)),
    });
  };
  // One day's page among the others: that day's replaced, or added.
  const withDay = (): EditionDaysInput => ({
    days: [...days.filter((each) => each.day !== day), { day: day ?? 0, page: page ?? 0 }],
  });

  return (
    <Dialog
      header={t('files.daysDialog.title', { file: file.name })}
      visible
      {...dialogProps(onHide, { busy: setDays.isPending })}
    >
      {map.isPending ? (
        <PageLoader />
      ) : map.isError ? (
        <Message severity="error" text={map.error.message} />
      ) : (
        <div className="flex flex-column gap-4">
          <p className="m-0">
            {t(DAYS_WORDS[map.data.source], { found: days.length, of: daysInMonth })}
            {pageCount !== undefined && ` · ${t('files.daysDialog.pages', { count: pageCount })}`}
          </p>
          {map.data.scanned && <Message severity="info" text={t('files.daysDialog.scanned')} />}
          {pdf.failed && <Message severity="warn" text={t('files.daysDialog.noThumbnails')} />}
          <NumbersForm
            label={t('files.daysDialog.everyDay')}
            submit={t('files.daysDialog.setEveryDay')}
            busy={setDays.isPending}
            onSubmit={save({ firstPage: firstPage ?? 0, pagesPerDay: pagesPerDay ?? 0 })}
            thumbnail={thumbnailOf(firstPage)}
            fields={[
              {
                id: 'days-first-page',
                label: t('files.daysDialog.firstPage'),
                value: firstPage,
                max: pageCount,
                onChange: setFirstPage,
              },
              {
                id: 'days-per-day',
                label: t('files.daysDialog.pagesPerDay'),
                value: pagesPerDay,
                max: pageCount,
                onChange: setPagesPerDay,
              },
            ]}
          />
          <NumbersForm
            label={t('files.daysDialog.oneDay')}
            submit={t('files.daysDialog.setOneDay')}
            busy={setDays.isPending}
            onSubmit={save(withDay())}
            thumbnail={thumbnailOf(page)}
            fields={[
              { id: 'days-day', label: t('files.daysDialog.day'), value: day, max: daysInMonth, onChange: setDay },
              { id: 'days-page', label: t('files.daysDialog.page'), value: page, max: pageCount, onChange: setPage },
            ]}
          />
          {days.length > 0 && (
            <ul className="flex flex-wrap gap-2 list-none p-0 m-0" aria-label={t('files.daysDialog.map')}>
              {days.map((each) => (
                <li key={each.day} className="surface-ground border-round px-2 py-1">
                  {t('files.daysDialog.dayPage', each)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
