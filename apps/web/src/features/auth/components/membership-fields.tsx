import type { registerSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { DropdownField } from '../../../components/form/dropdown-field.tsx';
import { churchesQuery, useChurchFillsCountry } from '../../../lib/resources/churches.ts';

export type RegisterForm = z.input<typeof registerSchema>;

/** "Are you a member?" and the church (only for members), whose country fills in the form's. */
export function MembershipFields({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  const { t } = useTranslation();
  const isMember = useWatch({ control, name: 'isMember' });
  const churches = useQuery(churchesQuery);
  useChurchFillsCountry(control);

  return (
    <>
      <CheckboxField control={control} name="isMember" id={`${idPrefix}-member`} label={t('auth.church.isMember')} />
      {isMember !== false && (
        <DropdownField
          control={control}
          name="church"
          id={`${idPrefix}-church`}
          label={t('auth.church.label')}
          options={churches.data ?? []}
          optionLabel="name"
          optionValue="id"
          pt={{ select: { 'aria-label': t('auth.church.label') } }}
          placeholder={churches.isError ? t('auth.church.failed') : t('auth.church.placeholder')}
          filter
          loading={churches.isPending}
          emptyMessage={t('auth.church.none')}
          className="w-full"
        />
      )}
    </>
  );
}
