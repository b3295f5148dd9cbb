import { zodResolver } from '@hookform/resolvers/zod';
import { InputText } from 'primereact/inputtext';
import type { ReactNode } from 'react';
import { type Control, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { NamedInput, NamedRecord, NamedRecords } from '../../lib/resources/named-records.ts';
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
  schema: z.ZodType<NamedInput, NamedInput>;
  /** A field of what the kind has besides its name (a language's code): its value for the record, and the field. */
  extraField?: {
    valueOf: (record: Record | undefined) => Omit<NamedInput, 'name'>;
    render: (control: Control<NamedInput>) => ReactNode;
  };
  /** The record being renamed; none for a new one. */
  record?: Record | undefined;
  onHide: () => void;
}

/** New record or rename of one: a name (and what else the kind has), checked as the server checks it. */
export function NamedRecordDialog<Record extends NamedRecord>({
  words,
  records,
  schema,
  record,
  onHide,
  extraField,
}: NamedRecordDialogProps<Record>) {
  const { t } = useTranslation();
  const notify = useToast();
  const create = records.useCreate();
  const rename = records.useRename();
  const save = record ? rename : create;
  const { register, handleSubmit, formState, control } = useForm<NamedInput>({
    resolver: zodResolver(schema),
    defaultValues: { name: record?.name ?? '', ...extraField?.valueOf(record) },
  });

  const onSubmit = handleSubmit(async (input) => {
    const saved = record ? await rename.mutateAsync({ id: record.id, ...input }) : await create.mutateAsync(input);
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
      {extraField?.render(control)}
    </RecordDialog>
  );
}
