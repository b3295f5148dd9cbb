import type { Control } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { PolicyLink } from '../../../components/policy-link.tsx';
import type { RegisterForm } from './membership-fields.tsx';

/** The terms checkbox, and under it the terms and the privacy notice, in a new tab so the form stays filled. */
export function TermsField({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  const { t } = useTranslation();
  const noteId = `${idPrefix}-terms-links`;
  return (
    <>
      <CheckboxField
        control={control}
        name="acceptTerms"
        id={`${idPrefix}-terms`}
        label={t('auth.terms.agree')}
        describedBy={noteId}
        className="field mb-1"
      />
      <p id={noteId} className="text-sm text-muted mt-0 mb-3 line-height-3">
        <Trans
          i18nKey="auth.terms.read"
          components={{ terms: <PolicyLink to="terms" newTab />, privacy: <PolicyLink to="privacy" newTab /> }}
        />
      </p>
    </>
  );
}

/** "E-mail me when a new edition is out": off unless ticked (issue 18); Profile changes it later. */
export function NotifyEditionsField({ control, idPrefix }: { control: Control<RegisterForm>; idPrefix: string }) {
  const { t } = useTranslation();
  return (
    <CheckboxField
      control={control}
      name="notifyEditions"
      id={`${idPrefix}-notify-editions`}
      label={t('auth.notifyEditions')}
      className="field mb-3"
    />
  );
}
