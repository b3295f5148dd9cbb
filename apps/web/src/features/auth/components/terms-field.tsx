import { Checkbox } from 'primereact/checkbox';
import { type Control, Controller } from 'react-hook-form';
import { describedBy } from '../../../components/form/form-field.tsx';
import type { RegisterForm } from './membership-fields.tsx';

export function TermsField({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  const id = `${idPrefix}-terms`;
  return (
    <Controller
      control={control}
      name="acceptTerms"
      render={({ field, fieldState }) => (
        <div className="field">
          <div className="flex align-items-center gap-2">
            <Checkbox
              inputId={id}
              checked={field.value ?? false}
              onChange={(event) => field.onChange(Boolean(event.checked))}
              onBlur={field.onBlur}
              invalid={Boolean(fieldState.error)}
              {...describedBy(id, fieldState.error?.message)}
            />
            <label htmlFor={id}>I agree to the terms and conditions</label>
          </div>
          {fieldState.error && (
            <small id={`${id}-error`} className="p-error block mt-1">
              {fieldState.error.message}
            </small>
          )}
        </div>
      )}
    />
  );
}
