import { useQuery } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { type Control, Controller } from 'react-hook-form';
import { FormField } from '../../../components/form/form-field.tsx';
import { countriesQuery } from '../../../lib/resources/countries.ts';
import type { RegisterForm } from './membership-fields.tsx';

/** The optional country, from the server's fixed list. */
export function CountryField({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  const countries = useQuery(countriesQuery);
  const id = `${idPrefix}-country`;
  return (
    <Controller
      control={control}
      name="country"
      render={({ field }) => (
        <FormField id={id} label="Country">
          {({ id: inputId, ...aria }) => (
            <Dropdown
              inputId={inputId}
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
              {...aria}
            />
          )}
        </FormField>
      )}
    />
  );
}
