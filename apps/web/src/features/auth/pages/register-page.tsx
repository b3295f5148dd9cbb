import { ACCOUNT_MESSAGES, DEFAULT_TITLE, registerSchema, TITLES } from '@portal/contract';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { CountryField } from '../../../components/form/country-field.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { PasswordPairFields } from '../../../components/form/password-pair-fields.tsx';
import { TitleField } from '../../../components/form/title-field.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { MembershipFields, type RegisterForm } from '../components/membership-fields.tsx';
import { EMPTY_REGISTRATION, SignInLink, useRegistrationForm } from '../components/registration-form.tsx';
import { NotifyEditionsField, TermsField } from '../components/terms-field.tsx';

const REQUIRED = {
  title: ACCOUNT_MESSAGES.titleRequired,
  firstName: ACCOUNT_MESSAGES.firstNameRequired,
  lastName: ACCOUNT_MESSAGES.lastNameRequired,
  address: ACCOUNT_MESSAGES.addressRequired,
} as const;

/** The full form asks for the title, both names and the address as well. */
const fullRegisterSchema = registerSchema.superRefine((value, context) => {
  for (const [field, message] of Object.entries(REQUIRED)) {
    if (!value[field as keyof typeof REQUIRED]) context.addIssue({ code: 'custom', path: [field], message });
  }
});

const EMPTY: RegisterForm = { ...EMPTY_REGISTRATION, title: DEFAULT_TITLE, firstName: '', lastName: '', address: '' };

const TEXT_FIELDS = [
  { name: 'firstName', label: 'common.firstName', autoComplete: 'given-name', width: 'md:col-5' },
  { name: 'lastName', label: 'common.lastName', autoComplete: 'family-name', width: 'md:col-5' },
  { name: 'email', label: 'common.email', autoComplete: 'email', width: '' },
  { name: 'address', label: 'common.address', autoComplete: 'street-address', width: '' },
] as const;

export function RegisterPage() {
  const { t } = useTranslation();
  const { form, submit, isPending, dialog } = useRegistrationForm(fullRegisterSchema, EMPTY);
  const { control, register, formState } = form;
  const { errors } = formState;

  return (
    <AuthCard title={t('auth.register.title')} wide>
      <form onSubmit={submit} noValidate>
        <div className="grid">
          <div className="col-12 md:col-2">
            <TitleField control={control} id="register-title" titles={TITLES} />
          </div>
          {TEXT_FIELDS.map(({ name, label, autoComplete, width }) => (
            <div key={name} className={`col-12 ${width}`}>
              <FormField id={`register-${name}`} label={t(label)} error={errors[name]?.message}>
                {(aria) => (
                  <InputText
                    {...aria}
                    type={name === 'email' ? 'email' : 'text'}
                    autoComplete={autoComplete}
                    className="w-full"
                    {...register(name)}
                  />
                )}
              </FormField>
            </div>
          ))}
        </div>
        <MembershipFields control={control} idPrefix="register" />
        <CountryField control={control} idPrefix="register" />
        <PasswordPairFields control={control} idPrefix="register" />
        <TermsField control={control} idPrefix="register" />
        <NotifyEditionsField control={control} idPrefix="register" />
        <Button type="submit" label={t('auth.register.title')} icon="pi pi-user-plus" loading={isPending} />
        <SignInLink className="mb-0" />
      </form>
      {dialog}
    </AuthCard>
  );
}
