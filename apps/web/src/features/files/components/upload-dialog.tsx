import { zodResolver } from '@hookform/resolvers/zod';
import {
  can,
  editionYears,
  FILE_MESSAGES,
  languageNotAddedMessage,
  MAX_PDF_BYTES,
  tooLargeMessage,
  uploadFieldsSchema,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { dialogProps } from '../../../components/dialog-size.ts';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { bookRecords } from '../../../lib/resources/books.ts';
import { filesQuery, useUploadFile } from '../../../lib/resources/files.ts';
import { languageRecords } from '../../../lib/resources/languages.ts';
import { useSession } from '../../../lib/session/session-provider.tsx';
import { errorToast, useToast } from '../../../lib/toast.tsx';
import { parseEditionName } from '../utils/parse-edition-name.ts';
import '../files.css';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/i18n/format.ts';
import { EditionFields } from './edition-fields.tsx';
import { startingValues, type UploadForm, type UploadValues, uploadFormSchema } from './upload-form.ts';
import { fieldsKey, recordKey, UploadNotes } from './upload-notes.tsx';
import { type NotUploaded, uploadSummary } from './upload-summary.tsx';

interface Pending {
  file: File;
  /** The language the file's name reads as, whether or not the portal has it. */
  guessedLanguage: string | undefined;
  progress: number;
  state: 'ready' | 'uploading' | 'done' | 'failed';
  message?: string;
}

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
/** Uploads may be a year ahead, for editions prepared before January. */
const uploadYears = () => [new Date().getFullYear() + 1, ...editionYears()];
const sameName = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

export function UploadDialog({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation();
  const notify = useToast();
  const { user } = useSession();
  const books = (useQuery(bookRecords.listQuery).data ?? []).map((book) => book.name);
  const languages = (useQuery(languageRecords.listQuery).data ?? []).map((language) => language.name);
  const files = useQuery(filesQuery).data ?? [];
  const upload = useUploadFile();
  const addLanguage = languageRecords.useCreate();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const { control, handleSubmit, formState, getValues, setValue } = useForm<UploadForm, unknown, UploadValues>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: { editions: [] },
  });
  const editions = useFieldArray({ control, name: 'editions' });
  const values = useWatch({ control, name: 'editions' });
  const busy = pending.some((item) => item.state === 'uploading');
  const update = (index: number, change: Partial<Pending>) =>
    setPending((items) => items.map((item, at) => (at === index ? { ...item, ...change } : item)));

  // The language a file names that the portal lacks, while its Language field is still empty.
  const missingLanguage = (index: number) => {
    const guessed = pending[index]?.guessedLanguage;
    const missing = guessed && !values[index]?.language && !languages.some((name) => sameName(guessed, name));
    return missing ? guessed : undefined;
  };

  const choose = (chosen: FileList | null) => {
    const accepted: File[] = [];
    const refused: string[] = [];
    for (const file of chosen ?? []) {
      if (!isPdf(file)) refused.push(`${file.name}: ${translateMessage(FILE_MESSAGES.notPdf)}`);
      else if (file.size > MAX_PDF_BYTES) refused.push(translateMessage(tooLargeMessage(file.name)));
      else accepted.push(file);
    }
    // One toast for the files left out of the choice, however many.
    if (refused.length > 0) {
      const detail =
        refused.length === 1 ? (
          refused[0]
        ) : (
          <ul className="m-0 pl-3">
            {refused.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        );
      notify(errorToast(detail, { summary: t('files.upload.notAdded'), life: 'long' }));
    }
    const guesses = accepted.map((file) => parseEditionName(file.name));
    editions.append(guesses.map((guess) => startingValues(guess, books, languages)));
    setPending((items) => [
      ...items,
      ...accepted.map((file, at) => ({
        file,
        guessedLanguage: guesses[at]?.language,
        progress: 0,
        state: 'ready' as const,
      })),
    ]);
    if (input.current) input.current.value = '';
  };

  const remove = (index: number) => {
    editions.remove(index);
    setPending((items) => items.filter((_, at) => at !== index));
  };

  // Adds the language and fills it in on every file that named it.
  const addMissingLanguage = (name: string) =>
    addLanguage.mutate(
      { name },
      {
        onSuccess: (language) => {
          for (const [index, item] of pending.entries()) {
            if (sameName(item.guessedLanguage, name) && !getValues(`editions.${index}.language`))
              setValue(`editions.${index}.language`, language.name, { shouldValidate: true });
          }
        },
        onError: (error) => notify(errorToast(error, { life: 'long' })),
      },
    );

  // Every file whose fields are complete goes; the others keep their marks, and one toast sums up the batch.
  const uploadReady = async () => {
    const uploaded: string[] = [];
    const notUploaded: NotUploaded[] = [];
    for (const [index, item] of pending.entries()) {
      if (item.state === 'done') continue;
      const fields = uploadFieldsSchema.safeParse(getValues(`editions.${index}`));
      if (!fields.success) {
        const missing = missingLanguage(index);
        const message = translateMessage(
          missing ? languageNotAddedMessage(missing) : (fields.error.issues[0]?.message ?? ''),
        );
        notUploaded.push({ file: item.file.name, message });
        continue;
      }
      update(index, { state: 'uploading', progress: 0, message: undefined });
      try {
        await upload.mutateAsync({
          ...fields.data,
          file: item.file,
          onProgress: (progress) => update(index, { progress }),
        });
        update(index, { state: 'done', progress: 100, message: translateMessage(FILE_MESSAGES.uploaded) });
        uploaded.push(item.file.name);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        update(index, { state: 'failed', message });
        notUploaded.push({ file: item.file.name, message });
      }
    }
    notify(uploadSummary(uploaded, notUploaded, t));
  };
  const submit = handleSubmit(uploadReady, uploadReady);

  const waiting = pending.some((item) => item.state !== 'done');
  const footer = (
    <div className="flex flex-wrap justify-content-end gap-2">
      <Button type="button" label={t('common.close')} outlined onClick={onHide} disabled={busy} />
      <Button
        type="submit"
        form="upload-form"
        label={t('files.upload.upload')}
        icon="pi pi-upload"
        loading={busy}
        disabled={!waiting}
      />
    </div>
  );

  return (
    <Dialog header={t('files.upload.title')} visible footer={footer} {...dialogProps(onHide, { busy, wide: true })}>
      <form id="upload-form" onSubmit={submit} noValidate>
        <p className="mt-0 text-muted line-height-3">
          {t('files.upload.intro', { size: formatFileSize(MAX_PDF_BYTES) })}
        </p>
        <input
          ref={input}
          type="file"
          accept="application/pdf"
          multiple
          hidden
          aria-label={t('files.upload.pdfFiles')}
          onChange={(event) => choose(event.target.files)}
        />
        <Button
          type="button"
          label={t('files.upload.choose')}
          icon="pi pi-plus"
          outlined
          onClick={() => input.current?.click()}
          disabled={busy}
        />
        <ul className="upload-list" aria-label={t('files.upload.list')}>
          {editions.fields.map((field, index) => {
            const item = pending[index];
            if (!item) return null;
            const open = item.state !== 'uploading' && item.state !== 'done';
            const fields = values[index];
            const key = fields && fieldsKey(fields);
            const earlier =
              key === undefined
                ? -1
                : values.findIndex(
                    (other, at) => at < index && pending[at]?.state !== 'done' && fieldsKey(other) === key,
                  );
            const missing = missingLanguage(index);
            return (
              <li key={field.id} className="upload-item">
                <div className="upload-file">
                  <span className="font-semibold">{item.file.name}</span>
                  <span className="text-muted text-sm">{formatFileSize(item.file.size)}</span>
                </div>
                <div className="upload-remove">
                  {open && (
                    <Button
                      type="button"
                      icon="pi pi-times"
                      rounded
                      text
                      severity="secondary"
                      aria-label={t('files.upload.remove', { file: item.file.name })}
                      onClick={() => remove(index)}
                    />
                  )}
                </div>
                <EditionFields
                  control={control}
                  index={index}
                  errors={formState.errors.editions}
                  books={books}
                  languages={languages}
                  years={uploadYears()}
                  disabled={!open}
                  languageNoteId={missing ? `upload-${index}-language-note` : undefined}
                />
                {open && (
                  <UploadNotes
                    languageNoteId={`upload-${index}-language-note`}
                    missingLanguage={missing}
                    onAddLanguage={can(user?.role, 'records:manage') ? addMissingLanguage : undefined}
                    adding={addLanguage.isPending && addLanguage.variables?.name === missing}
                    replaces={files.find((file) => recordKey(file) === key)}
                    sameAs={earlier === -1 ? undefined : pending[earlier]?.file.name}
                  />
                )}
                {item.state !== 'ready' && (
                  <ProgressBar
                    value={item.progress}
                    showValue={false}
                    aria-label={t('files.upload.progress', { file: item.file.name })}
                    className="h-1rem"
                  />
                )}
                {item.message && (
                  <Message
                    className="w-full justify-content-start mt-2"
                    severity={item.state === 'done' ? 'success' : 'error'}
                    text={item.message}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </form>
    </Dialog>
  );
}
