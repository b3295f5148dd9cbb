import type { registerSchema } from '@portal/contract';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { type Control, Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { describedBy, FormField } from '../../../components/form/form-field.tsx';
import { useChurches } from '../api/get-churches.ts';
import { useCountries } from '../api/get-countries.ts';

export type RegisterForm = z.input<typeof registerSchema>;

/** "Are you a member?", the church (only for members) and the country. */
export function MembershipFields({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  const isMember = useWatch({ control, name: 'isMember' });
  const churches = useChurches();
  const countries = useCountries();
  const ids = { member: `${idPrefix}-member`, church: `${idPrefix}-church`, country: `${idPrefix}-country` };

  return (
    <>
      <Controller
        control={control}
        name="isMember"
        render={({ field }) => (
          <div className="field flex align-items-center gap-2">
            <Checkbox
              inputId={ids.member}
              checked={field.value ?? true}
              onChange={(event) => field.onChange(Boolean(event.checked))}
              onBlur={field.onBlur}
            />
            <label htmlFor={ids.member}>Are you a member?</label>
          </div>
        )}
      />
      {isMember !== false && (
        <Controller
          control={control}
          name="church"
          render={({ field, fieldState }) => (
            <FormField id={ids.church} label="Church" error={fieldState.error?.message}>
              <Dropdown
                inputId={ids.church}
                value={field.value ?? null}
                onChange={(event) => field.onChange(event.value)}
                onBlur={field.onBlur}
                options={churches.data ?? []}
                optionLabel="name"
                optionValue="id"
                pt={{ select: { 'aria-label': 'Church' } }}
                placeholder={churches.isError ? 'The churches could not be loaded' : 'Select your church'}
                filter
                loading={churches.isPending}
                emptyMessage="No church found."
                invalid={Boolean(fieldState.error)}
                className="w-full"
                {...describedBy(ids.church, fieldState.error?.message)}
              />
            </FormField>
          )}
        />
      )}
      <Controller
        control={control}
        name="country"
        render={({ field }) => (
          <FormField id={ids.country} label="Country">
            <Dropdown
              inputId={ids.country}
              value={field.value ?? null}
              onChange={(event) => field.onChange(event.value)}
              onBlur={field.onBlur}
              options={countries.data ?? []}
              optionLabel="country"
              optionValue="country"
              pt={{ select: { 'aria-label': 'Country' } }}
              placeholder={countries.isError ? 'The countries could not be loaded' : 'Select your country'}
              filter
              showClear
              loading={countries.isPending}
              emptyMessage="No country found."
              className="w-full"
            />
          </FormField>
        )}
      />
    </>
  );
}
