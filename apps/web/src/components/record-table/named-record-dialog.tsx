import { zodResolver } from '@hookform/resolvers/zod';
import { InputText } from 'primereact/inputtext';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { NamedRecord, NamedRecords } from '../../lib/resources/named-records.ts';
import { useToast } from '../../lib/toast.tsx';
import { FormField } from '../form/form-field.tsx';
import { RecordDialog } from './record-dialog.tsx';

export interface NamedRecordDialogProps<Record extends NamedRecord = NamedRecord> {
  /** One record, as the dialog's header and toasts name it: "Language". */
  noun: string;
  records: NamedRecords<Record>;
  /** The contract's input schema, so the dialog refuses a name with the server's own message. */
  schema: z.ZodType<{ name: string }, { name: string }>;
  /** The record being renamed; none for a new one. */
  record?: Record | undefined;
  onHide: () => void;
}

/** New record or rename of one: a name, checked as the server checks it. */
export function NamedRecordDialog<Record extends NamedRecord>({
  noun,
  records,
  schema,
  record,
  onHide,
}: NamedRecordDialogProps<Record>) {
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
      summary: 'Successful',
      detail: `${noun} ${saved.name} ${record ? 'updated' : 'created'}`,
    });
    onHide();
  });

  return (
    <RecordDialog
      header={`${record ? 'Edit' : 'New'} ${noun}`}
      onHide={onHide}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      saving={save.isPending}
      error={save.error}
    >
      <FormField id={`${noun.toLowerCase()}-name`} label="Name" error={formState.errors.name?.message}>
        {(aria) => <InputText {...aria} {...register('name')} autoFocus />}
      </FormField>
    </RecordDialog>
  );
}
