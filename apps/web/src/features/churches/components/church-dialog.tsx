import { zodResolver } from '@hookform/resolvers/zod';
import { type Church, type ChurchInput, churchInputSchema } from '@portal/contract';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DropdownField } from '../../../components/form/dropdown-field.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { RecordDialog } from '../../../components/record-table/record-dialog.tsx';
import { type ChurchFields, useCreateChurch, useUpdateChurch } from '../../../lib/resources/churches.ts';
import { useCountries } from '../../../lib/resources/countries.ts';
import { useToast } from '../../../lib/toast.tsx';

/** New church (no `church`) or edit of one: country, name and allocation. */
export function ChurchDialog({ church, onHide }: { church?: Church | undefined; onHide: () => void }) {
  const { t } = useTranslation();
  const notify = useToast();
  const countries = useCountries();
  const create = useCreateChurch();
  const update = useUpdateChurch();
  const save = church ? update : create;
  const { control, register, handleSubmit, formState } = useForm<ChurchInput, unknown, ChurchFields>({
    resolver: zodResolver(churchInputSchema),
    defaultValues: { country: church?.country ?? '', name: church?.name ?? '', allocation: church?.allocation ?? null },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (fields) => {
    const saved = church ? await update.mutateAsync({ id: church.id, ...fields }) : await create.mutateAsync(fields);
    notify({
      severity: 'success',
      summary: t('common.success'),
      detail: church ? t('churches.updated', { name: saved.name }) : t('churches.created', { name: saved.name }),
    });
    onHide();
  });

  return (
    <RecordDialog
      header={church ? t('churches.edit') : t('churches.new')}
      onHide={onHide}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      saving={save.isPending}
      error={save.error}
    >
      <DropdownField
        control={control}
        name="country"
        id="church-country"
        label={t('churches.country')}
        options={countries.options}
        optionLabel="label"
        optionValue="value"
        filter
        loading={countries.isPending}
        placeholder={t('churches.selectCountry')}
        autoFocus
      />
      <FormField id="church-name" label={t('churches.church')} error={errors.name?.message}>
        {(aria) => <InputText {...aria} {...register('name')} />}
      </FormField>
      <FormField id="church-allocation" label={t('churches.allocation')} error={errors.allocation?.message}>
        {({ id, ...aria }) => (
          <Controller
            name="allocation"
            control={control}
            render={({ field }) => (
              <InputNumber
                inputId={id}
                value={typeof field.value === 'number' ? field.value : null}
                onValueChange={(event) => field.onChange(event.value ?? null)}
                onBlur={field.onBlur}
                useGrouping={false}
                min={0}
                {...aria}
              />
            )}
          />
        )}
      </FormField>
    </RecordDialog>
  );
}
