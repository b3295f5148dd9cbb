import { useQuery } from '@tanstack/react-query';
import type { Control } from 'react-hook-form';
import { DropdownField } from '../../../components/form/dropdown-field.tsx';
import { countriesQuery } from '../../../lib/resources/countries.ts';
import type { RegisterForm } from './membership-fields.tsx';

/** The optional country, from the server's fixed list. */
export function CountryField({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  const countries = useQuery(countriesQuery);
  return (
    <DropdownField
      control={control}
      name="country"
      id={`${idPrefix}-country`}
      label="Country"
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
  );
}
