import type { registerSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type Control, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { DropdownField } from '../../../components/form/dropdown-field.tsx';
import { churchesQuery } from '../../../lib/resources/churches.ts';

export type RegisterForm = z.input<typeof registerSchema>;

/** "Are you a member?" and the church (only for members). */
export function MembershipFields({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  const isMember = useWatch({ control, name: 'isMember' });
  const churches = useQuery(churchesQuery);

  return (
    <>
      <CheckboxField control={control} name="isMember" id={`${idPrefix}-member`} label="Are you a member?" />
      {isMember !== false && (
        <DropdownField
          control={control}
          name="church"
          id={`${idPrefix}-church`}
          label="Church"
          options={churches.data ?? []}
          optionLabel="name"
          optionValue="id"
          pt={{ select: { 'aria-label': 'Church' } }}
          placeholder={churches.isError ? 'The churches could not be loaded' : 'Select your church'}
          filter
          loading={churches.isPending}
          emptyMessage="No church found."
          className="w-full"
        />
      )}
    </>
  );
}
