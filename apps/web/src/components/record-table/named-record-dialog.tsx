import { zodResolver } from '@hookform/resolvers/zod';
import { InputText } from 'primereact/inputtext';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { NamedRecord, NamedRecords } from '../../lib/resources/named-records.ts';
import { useToast } from '../../lib/toast.tsx';
import { FormField } from '../form/form-field.tsx';
import { RecordDialog } from './record-dialog.tsx';

/** What a screen of one kind of record says, in the reader's language (each kind's own sentences). */
export interface NamedRecordWords {
  /** Names the dialog's field: "language" gives the id language-name. */
  id: string;
  /** The dialog's headers: "New Language", "Edit Language". */
  newTitle: string;
  editTitle: string;
  /** The toasts after a save, given the name saved: "Language French created". */
  created: (name: string) => string;
  updated: (name: string) => string;
  /** The table with nothing found: "No language found." */
  none: string;
}

export interface NamedRecordDialogProps<Record extends NamedRecord = NamedRecord> {
  words: NamedRecordWords;
  records: NamedRecords<Record>;
  /** The contract's input schema, so the dialog refuses a name with the server's own message. */
  schema: z.ZodType<{ name: string }, { name: string }>;
  /** The record being renamed; none for a new one. */
  record?: Record | undefined;
  onHide: () => void;
}

/** New record or rename of one: a name, checked as the server checks it. */
export function NamedRecordDialog<Record extends NamedRecord>({
  words,
  records,
  schema,
  record,
  onHide,
}: NamedRecordDialogProps<Record>) {
  const { t } = useTranslation();
  const notify = useToast();
  const create = records.useCreate();
  const rename = records.useRename();
  const save = record ? rename : create;
  const { register, handleSubmit, formState } = useForm<{ name: string }>({
    resolver: zodResolver(schema),
    defaultValues: { name: record?.name ?? '' },
  });

  const onSubmit = handleSubmit(async ({ name }) => {
    const saved = record ? await rename.mutateAsync({ id: record.id, name }) : await create.mutateAsync(name);
    notify({
      severity: 'success',
      summary: t('common.success'),
      detail: record ? words.updated(saved.name) : words.created(saved.name),
    });
    onHide();
  });

  return (
    <RecordDialog
      header={record ? words.editTitle : words.newTitle}
      onHide={onHide}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      saving={save.isPending}
      error={save.error}
    >
      <FormField id={`${words.id}-name`} label={t('table.name')} error={formState.errors.name?.message}>
        {(aria) => <InputText {...aria} {...register('name')} autoFocus />}
      </FormField>
    </RecordDialog>
  );
}
