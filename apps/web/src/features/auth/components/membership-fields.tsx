import type { registerSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { type Control, Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '../../../components/form/form-field.tsx';
import { churchesQuery } from '../../../lib/resources/churches.ts';

export type RegisterForm = z.input<typeof registerSchema>;

/** "Are you a member?" and the church (only for members). */
export function MembershipFields({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  const isMember = useWatch({ control, name: 'isMember' });
  const churches = useQuery(churchesQuery);
  const ids = { member: `${idPrefix}-member`, church: `${idPrefix}-church` };

  return (
    <>
      <Controller
        control={control}
        name="isMember"
        render={({ field }) => (
          <FormField id={ids.member} label="Are you a member?" variant="check">
            {({ id, ...aria }) => (
              <Checkbox
                inputId={id}
                checked={field.value ?? true}
                onChange={(event) => field.onChange(Boolean(event.checked))}
                onBlur={field.onBlur}
                {...aria}
              />
            )}
          </FormField>
        )}
      />
      {isMember !== false && (
        <Controller
          control={control}
          name="church"
          render={({ field, fieldState }) => (
            <FormField id={ids.church} label="Church" error={fieldState.error?.message}>
              {({ id, ...aria }) => (
                <Dropdown
                  inputId={id}
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
                  className="w-full"
                  {...aria}
                />
              )}
            </FormField>
          )}
        />
      )}
    </>
  );
}
