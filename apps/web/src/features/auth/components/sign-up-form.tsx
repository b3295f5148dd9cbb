import { NO_CHURCH, registerSchema } from '@portal/contract';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { CountryField } from '../../../components/form/country-field.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { PasswordPairFields } from '../../../components/form/password-pair-fields.tsx';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { useTypedBeforeStart } from '../../../hooks/use-typed-before-start.ts';
import { MembershipFields, type RegisterForm } from './membership-fields.tsx';
import { EMPTY_REGISTRATION, SignInLink, useRegistrationForm } from './registration-form.tsx';
import { NotifyEditionsField, TermsField } from './terms-field.tsx';

const EMPTY: RegisterForm = { ...EMPTY_REGISTRATION, fullName: '' };

/** The dialog asks nothing about membership: it signs up a member with no church (spec). */
const EMPTY_BY_VARIANT = { page: EMPTY, dialog: { ...EMPTY, church: NO_CHURCH } } as const;

/** The text fields' ids, which the sign-up page's HTML has before its scripts come. */
const TEXT_FIELDS = {
  fullName: 'sign-up-name',
  email: 'sign-up-email',
  password: 'sign-up-password',
  confirmPassword: 'sign-up-confirmPassword',
};

interface SignUpFormProps {
  /** `page` at /signup asks for membership and church; `dialog` on the landing page does not. */
  variant: keyof typeof EMPTY_BY_VARIANT;
}

/** Sign-up: full name, e-mail, password, membership (full screen only) and country; a success dialog then leads to sign in. */
export function SignUpForm({ variant }: SignUpFormProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const empty = useTypedBeforeStart(EMPTY_BY_VARIANT[variant], TEXT_FIELDS);
  const { form, submit, isPending, dialog } = useRegistrationForm(registerSchema, empty);
  const { control, register, formState } = form;
  const { errors } = formState;

  return (
    <>
      <form onSubmit={submit} noValidate>
        <FormField id="sign-up-name" label={t('auth.fullName')} error={errors.fullName?.message}>
          {(aria) => <InputText {...aria} autoComplete="name" className="w-full" {...register('fullName')} />}
        </FormField>
        <FormField id="sign-up-email" label={t('common.email')} error={errors.email?.message}>
          {(aria) => (
            <InputText {...aria} type="email" autoComplete="email" className="w-full" {...register('email')} />
          )}
        </FormField>
        <PasswordPairFields control={control} idPrefix="sign-up" />
        {variant === 'page' && <MembershipFields control={control} idPrefix="sign-up" />}
        <CountryField control={control} idPrefix="sign-up" />
        <TermsField control={control} idPrefix="sign-up" />
        <NotifyEditionsField control={control} idPrefix="sign-up" />
        <Button
          type="submit"
          label={t('common.signUp')}
          icon="pi pi-user-plus"
          className="w-full"
          loading={isPending}
          // A prerendered form is not sent by the browser itself before the page's scripts take it over.
          disabled={!hydrated}
        />
        <SignInLink className="text-center mb-0" />
      </form>
      {dialog}
    </>
  );
}
