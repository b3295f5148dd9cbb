import { Checkbox } from 'primereact/checkbox';
import { type Control, Controller } from 'react-hook-form';
import { FormField } from '../../../components/form/form-field.tsx';
import type { RegisterForm } from './membership-fields.tsx';

export function TermsField({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  const id = `${idPrefix}-terms`;
  return (
    <Controller
      control={control}
      name="acceptTerms"
      render={({ field, fieldState }) => (
        <FormField
          id={id}
          label="I agree to the terms and conditions"
          error={fieldState.error?.message}
          variant="check"
        >
          {({ id: inputId, ...aria }) => (
            <Checkbox
              inputId={inputId}
              checked={field.value ?? false}
              onChange={(event) => field.onChange(Boolean(event.checked))}
              onBlur={field.onBlur}
              {...aria}
            />
          )}
        </FormField>
      )}
    />
  );
}
