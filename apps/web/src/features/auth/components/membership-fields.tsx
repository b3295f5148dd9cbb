import type { registerSchema } from '@portal/contract';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { type Control, Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { describedBy, FormField } from '../../../components/form/form-field.tsx';
import { useChurches } from '../api/get-churches.ts';

export type RegisterForm = z.input<typeof registerSchema>;

/** "Are you a member?" and the church (only for members). */
export function MembershipFields({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  const isMember = useWatch({ control, name: 'isMember' });
  const churches = useChurches();
  const ids = { member: `${idPrefix}-member`, church: `${idPrefix}-church` };

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
    </>
  );
}
