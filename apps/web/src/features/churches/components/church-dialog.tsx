import { zodResolver } from '@hookform/resolvers/zod';
import { type Church, type ChurchInput, churchInputSchema } from '@portal/contract';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Controller, useForm } from 'react-hook-form';
import { FormField } from '../../../components/record-table/form-field.tsx';
import { RecordDialog } from '../../../components/record-table/record-dialog.tsx';
import { useCountries } from '../../../lib/countries.ts';
import { useToast } from '../../../lib/toast.tsx';
import { type ChurchFields, useCreateChurch } from '../api/create-church.ts';
import { useUpdateChurch } from '../api/update-church.ts';

/** New church (no `church`) or edit of one: country, name and allocation. */
export function ChurchDialog({ church, onHide }: { church?: Church | undefined; onHide: () => void }) {
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
      summary: 'Successful',
      detail: `Church ${saved.name} ${church ? 'updated' : 'created'}`,
    });
    onHide();
  });

  return (
    <RecordDialog
      header={church ? 'Edit Church' : 'New Church'}
      onHide={onHide}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      saving={save.isPending}
      error={save.error}
    >
      <FormField id="church-country" label="Country" error={errors.country?.message}>
        <Controller
          name="country"
          control={control}
          render={({ field, fieldState }) => (
            <Dropdown
              inputId="church-country"
              value={field.value}
              onChange={(event) => field.onChange(event.value)}
              onBlur={field.onBlur}
              options={countries.data ?? []}
              optionLabel="country"
              optionValue="country"
              filter
              loading={countries.isPending}
              placeholder="Select a country"
              invalid={fieldState.invalid}
              aria-describedby={fieldState.invalid ? 'church-country-error' : undefined}
              autoFocus
            />
          )}
        />
      </FormField>
      <FormField id="church-name" label="Church" error={errors.name?.message}>
        <InputText
          id="church-name"
          {...register('name')}
          invalid={errors.name !== undefined}
          aria-describedby={errors.name ? 'church-name-error' : undefined}
        />
      </FormField>
      <FormField id="church-allocation" label="Allocation" error={errors.allocation?.message}>
        <Controller
          name="allocation"
          control={control}
          render={({ field, fieldState }) => (
            <InputNumber
              inputId="church-allocation"
              value={typeof field.value === 'number' ? field.value : null}
              onValueChange={(event) => field.onChange(event.value ?? null)}
              onBlur={field.onBlur}
              useGrouping={false}
              min={0}
              invalid={fieldState.invalid}
              aria-describedby={fieldState.invalid ? 'church-allocation-error' : undefined}
            />
          )}
        />
      </FormField>
    </RecordDialog>
  );
}
