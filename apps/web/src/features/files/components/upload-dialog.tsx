import { zodResolver } from '@hookform/resolvers/zod';
import { editionYears, FILE_MESSAGES, formatFileSize, MAX_PDF_BYTES, tooLargeMessage } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { DIALOG_SIZE } from '../../../components/dialog-size.ts';
import { bookRecords } from '../../../lib/resources/books.ts';
import { useUploadFile } from '../../../lib/resources/files.ts';
import { languageRecords } from '../../../lib/resources/languages.ts';
import { TOAST_LIFE, useToast } from '../../../lib/toast.tsx';
import { parseEditionName } from '../utils/parse-edition-name.ts';
import '../files.css';
import { EditionFields } from './edition-fields.tsx';
import { startingValues, type UploadForm, type UploadValues, uploadFormSchema } from './upload-form.ts';

interface Pending {
  file: File;
  progress: number;
  state: 'ready' | 'uploading' | 'done' | 'failed';
  message?: string;
}

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
/** Uploads may be a year ahead, for editions prepared before January. */
const uploadYears = () => [new Date().getFullYear() + 1, ...editionYears()];

export function UploadDialog({ onHide }: { onHide: () => void }) {
  const notify = useToast();
  const books = (useQuery(bookRecords.listQuery).data ?? []).map((book) => book.name);
  const languages = (useQuery(languageRecords.listQuery).data ?? []).map((language) => language.name);
  const upload = useUploadFile();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const { control, handleSubmit, formState } = useForm<UploadForm, unknown, UploadValues>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: { editions: [] },
  });
  const editions = useFieldArray({ control, name: 'editions' });
  const busy = pending.some((item) => item.state === 'uploading');
  const update = (index: number, change: Partial<Pending>) =>
    setPending((items) => items.map((item, at) => (at === index ? { ...item, ...change } : item)));

  const choose = (files: FileList | null) => {
    const accepted: File[] = [];
    for (const file of files ?? []) {
      const problem = !isPdf(file)
        ? `${file.name}: ${FILE_MESSAGES.notPdf}`
        : file.size > MAX_PDF_BYTES && tooLargeMessage(file.name);
      if (problem) notify({ severity: 'error', summary: 'Error', detail: problem, life: TOAST_LIFE.long });
      else accepted.push(file);
    }
    editions.append(accepted.map((file) => startingValues(parseEditionName(file.name), books, languages)));
    setPending((items) => [...items, ...accepted.map((file) => ({ file, progress: 0, state: 'ready' as const }))]);
    if (input.current) input.current.value = '';
  };

  const remove = (index: number) => {
    editions.remove(index);
    setPending((items) => items.filter((_, at) => at !== index));
  };

  const submit = handleSubmit(async (values) => {
    for (const [index, fields] of values.editions.entries()) {
      const item = pending[index];
      if (!item || item.state === 'done') continue;
      update(index, { state: 'uploading', progress: 0, message: undefined });
      try {
        await upload.mutateAsync({ ...fields, file: item.file, onProgress: (progress) => update(index, { progress }) });
        update(index, { state: 'done', progress: 100, message: FILE_MESSAGES.uploaded });
        notify({ severity: 'success', summary: 'Success', detail: FILE_MESSAGES.uploaded, life: TOAST_LIFE.long });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        update(index, { state: 'failed', message });
        notify({ severity: 'error', summary: 'Error', detail: message, life: TOAST_LIFE.long });
      }
    }
  });

  const waiting = pending.some((item) => item.state !== 'done');
  const footer = (
    <div className="flex flex-wrap justify-content-end gap-2">
      <Button type="button" label="Close" outlined onClick={onHide} disabled={busy} />
      <Button type="submit" form="upload-form" label="Upload" icon="pi pi-upload" loading={busy} disabled={!waiting} />
    </div>
  );

  return (
    <Dialog
      header="Import editions"
      visible
      onHide={busy ? () => undefined : onHide}
      modal
      draggable={false}
      footer={footer}
      {...DIALOG_SIZE}
    >
      <form id="upload-form" onSubmit={submit} noValidate>
        <p className="mt-0 text-muted line-height-3">
          PDF files up to {formatFileSize(MAX_PDF_BYTES)}. Book, language, year and month are read from names like
          Teevo_English_2025_03.pdf; check them before uploading.
        </p>
        <input
          ref={input}
          type="file"
          accept="application/pdf"
          multiple
          hidden
          aria-label="PDF files"
          onChange={(event) => choose(event.target.files)}
        />
        <Button
          type="button"
          label="Choose PDFs"
          icon="pi pi-plus"
          outlined
          onClick={() => input.current?.click()}
          disabled={busy}
        />
        <ul className="list-none p-0 m-0 mt-3 flex flex-column gap-3" aria-label="Files to upload">
          {editions.fields.map((field, index) => {
            const item = pending[index];
            if (!item) return null;
            return (
              <li key={field.id} className="upload-item">
                <div className="flex align-items-center justify-content-between gap-2 mb-3">
                  <span className="font-semibold text-overflow-ellipsis overflow-hidden white-space-nowrap">
                    {item.file.name}
                  </span>
                  <span className="flex align-items-center gap-2 flex-shrink-0">
                    <span className="text-muted text-sm">{formatFileSize(item.file.size)}</span>
                    {item.state !== 'uploading' && item.state !== 'done' && (
                      <Button
                        type="button"
                        icon="pi pi-times"
                        rounded
                        text
                        severity="secondary"
                        aria-label={`Remove ${item.file.name}`}
                        onClick={() => remove(index)}
                      />
                    )}
                  </span>
                </div>
                <EditionFields
                  control={control}
                  index={index}
                  errors={formState.errors.editions}
                  books={books}
                  languages={languages}
                  years={uploadYears()}
                  disabled={item.state === 'uploading' || item.state === 'done'}
                />
                {item.state !== 'ready' && (
                  <ProgressBar value={item.progress} aria-label={`Upload of ${item.file.name}`} className="h-1rem" />
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
