import { zodResolver } from '@hookform/resolvers/zod';
import { type Language, type LanguageInput, languageInputSchema } from '@portal/contract';
import { InputText } from 'primereact/inputtext';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/record-table/form-field.tsx';
import { RecordDialog } from '../../../components/record-table/record-dialog.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useCreateLanguage } from '../api/create-language.ts';
import { useRenameLanguage } from '../api/rename-language.ts';

/** New language (no `language`) or rename of one. */
export function LanguageDialog({ language, onHide }: { language?: Language | undefined; onHide: () => void }) {
  const notify = useToast();
  const create = useCreateLanguage();
  const rename = useRenameLanguage();
  const save = language ? rename : create;
  const { register, handleSubmit, formState } = useForm<LanguageInput>({
    resolver: zodResolver(languageInputSchema),
    defaultValues: { name: language?.name ?? '' },
  });
  const error = formState.errors.name;

  const onSubmit = handleSubmit(async ({ name }) => {
    const saved = language ? await rename.mutateAsync({ id: language.id, name }) : await create.mutateAsync(name);
    notify({
      severity: 'success',
      summary: 'Successful',
      detail: `Language ${saved.name} ${language ? 'updated' : 'created'}`,
    });
    onHide();
  });

  return (
    <RecordDialog
      header={language ? 'Edit Language' : 'New Language'}
      onHide={onHide}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      saving={save.isPending}
      error={save.error}
    >
      <FormField id="language-name" label="Name" error={error?.message}>
        <InputText
          id="language-name"
          {...register('name')}
          invalid={error !== undefined}
          aria-describedby={error ? 'language-name-error' : undefined}
          autoFocus
        />
      </FormField>
    </RecordDialog>
  );
}
