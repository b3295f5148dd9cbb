import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../lib/resources/countries.ts';
import { DropdownField } from './dropdown-field.tsx';

/** The optional country, from the server's list, named and searched in the interface's language. */
export function CountryField<Form extends FieldValues & { country?: string | null }>({
  control,
  idPrefix,
}: {
  control: Control<Form>;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  return (
    <DropdownField
      control={control}
      name={'country' as Path<Form>}
      id={`${idPrefix}-country`}
      label={t('auth.country.label')}
      options={countries.options}
      optionLabel="label"
      optionValue="value"
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
