import { useQuery } from '@tanstack/react-query';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DropdownField } from '../../../components/form/dropdown-field.tsx';
import { countriesQuery } from '../../../lib/resources/countries.ts';
import type { RegisterForm } from './membership-fields.tsx';

/** The optional country, from the server's fixed list. */
export function CountryField({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  const { t } = useTranslation();
  const countries = useQuery(countriesQuery);
  return (
    <DropdownField
      control={control}
      name="country"
      id={`${idPrefix}-country`}
      label={t('auth.country.label')}
      options={countries.data ?? []}
      optionLabel="country"
      optionValue="country"
      pt={{ select: { 'aria-label': t('auth.country.label') } }}
      placeholder={countries.isError ? t('auth.country.failed') : t('auth.country.placeholder')}
      filter
      showClear
      loading={countries.isPending}
      emptyMessage={t('auth.country.none')}
      className="w-full"
    />
  );
}
