import type { Control } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { PolicyLink } from '../../../components/policy-link.tsx';
import type { RegisterForm } from './membership-fields.tsx';

const TERMS = 'I agree to the terms and conditions';

/** The terms checkbox, and under it the terms and the privacy notice, in a new tab so the form stays filled. */
export function TermsField({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  const noteId = `${idPrefix}-terms-links`;
  return (
    <>
      <CheckboxField
        control={control}
        name="acceptTerms"
        id={`${idPrefix}-terms`}
        label={TERMS}
        describedBy={noteId}
        className="field mb-1"
      />
      <p id={noteId} className="text-sm text-muted mt-0 mb-3 line-height-3">
        Read the{' '}
        <PolicyLink to="terms" newTab>
          terms and conditions
        </PolicyLink>{' '}
        and the{' '}
        <PolicyLink to="privacy" newTab>
          privacy notice
        </PolicyLink>
        .
      </p>
    </>
  );
}
