import type { Control } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import type { RegisterForm } from './membership-fields.tsx';

const TERMS = 'I agree to the terms and conditions';

export function TermsField({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  return <CheckboxField control={control} name="acceptTerms" id={`${idPrefix}-terms`} label={TERMS} />;
}
