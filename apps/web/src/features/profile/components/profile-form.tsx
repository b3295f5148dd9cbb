import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_MESSAGES,
  can,
  DEFAULT_TITLE,
  LOCALE_NAMES,
  LOCALES,
  PROFILE_TITLES,
  updateAccountSchema,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CountryField } from '../../../components/form/country-field.tsx';
import { DropdownField } from '../../../components/form/dropdown-field.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { PasswordPairFields } from '../../../components/form/password-pair-fields.tsx';
import { TitleField } from '../../../components/form/title-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { portalLocale } from '../../../lib/i18n/i18n.ts';
import { useUpdateAccount } from '../../../lib/resources/accounts.ts';
import type { SessionUser } from '../../../lib/session/session-store.ts';
import { startSession, updateSessionUser } from '../../../lib/session/session-store.ts';
import { errorToast, useToast } from '../../../lib/toast.tsx';

type ProfileValues = z.input<typeof updateAccountSchema>;

const NAME_FIELDS = [
  { name: 'firstName', id: 'profile-first-name', label: 'common.firstName', autoComplete: 'given-name' },
  { name: 'lastName', id: 'profile-last-name', label: 'common.lastName', autoComplete: 'family-name' },
] as const;
const EMAIL_NOTE_ID = 'profile-email-note';
const LOCALE_NOTE_ID = 'profile-locale-note';
/** Each language by its own name, as the top bar's picker shows it. */
const LOCALE_OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

/** The server's answers that are about the current password, shown under its field. */
const CURRENT_PASSWORD_MESSAGES: readonly string[] = [
  ACCOUNT_MESSAGES.currentPasswordRequired,
  ACCOUNT_MESSAGES.currentPasswordWrong,
];

const valuesOf = (user: SessionUser): ProfileValues => ({
  title: user.title || DEFAULT_TITLE,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  // An account that never chose reads the portal in the browser's language: that is what it shows.
  locale: user.locale ?? portalLocale(),
  country: user.country,
  password: '',
  confirmPassword: '',
  currentPassword: '',
});

/** The contract's update, and the server's rule that a new password or e-mail needs the current password. */
const profileSchema = (email: string) =>
  updateAccountSchema.superRefine((value, context) => {
    const changesSignIn = Boolean(value.password) || (value.email !== undefined && value.email !== email.toLowerCase());
    if (changesSignIn && !value.currentPassword) {
      context.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: ACCOUNT_MESSAGES.currentPasswordRequired,
      });
    }
  });

/**
 * Title, names, e-mail, the language of the portal and its mails, the country, and an optional new password of the
 * signed-in account. A new language applies once saved (see useLocaleOfAccount).
 */
export function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const notify = useToast();
  const update = useUpdateAccount();
  // Without the permission the server refuses a change of one's own e-mail address.
  const emailLocked = !can(user.role, 'accounts:change-own-email');
  const titles: string[] = [...PROFILE_TITLES];
  if (user.title && !titles.includes(user.title)) titles.unshift(user.title);
  const resolver = useMemo(() => zodResolver(profileSchema(user.email)), [user.email]);
  const { control, register, handleSubmit, reset, setError, formState } = useForm<
    ProfileValues,
    unknown,
    z.output<typeof updateAccountSchema>
  >({ resolver, mode: 'onTouched', defaultValues: valuesOf(user) });
  const { errors } = formState;

  const submit = handleSubmit(({ email, currentPassword, ...changes }) =>
    update.mutate(
      {
        id: user.id,
        changes: { ...changes, ...(emailLocked ? {} : { email }), ...(currentPassword ? { currentPassword } : {}) },
      },
      {
        onSuccess: (answer) => {
          const { jwtToken, ...account } = answer;
          if (jwtToken) startSession({ ...account, jwtToken });
          else updateSessionUser(account);
          reset(valuesOf(account));
          notify({ severity: 'success', summary: t('profile.saved'), detail: t('profile.upToDate') });
        },
        onError: (error) => {
          if (error instanceof ApiError && CURRENT_PASSWORD_MESSAGES.includes(error.body?.message ?? '')) {
            setError('currentPassword', { message: error.message }, { shouldFocus: true });
          } else notify(errorToast(error, { summary: t('profile.savingFailed') }));
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <div className="grid">
        <div className="col-12 md:col-2">
          <TitleField control={control} id="profile-title" titles={titles} />
        </div>
        {NAME_FIELDS.map(({ name, id, label, autoComplete }) => (
          <div key={name} className="col-12 md:col-5">
            <FormField id={id} label={t(label)} error={errors[name]?.message}>
              {(aria) => <InputText {...aria} autoComplete={autoComplete} className="w-full" {...register(name)} />}
            </FormField>
          </div>
        ))}
        <div className="col-12">
          <FormField
            id="profile-email"
            label={t('common.email')}
            error={errors.email?.message}
            describedBy={emailLocked ? EMAIL_NOTE_ID : undefined}
          >
            {(aria) => (
              <InputText
                {...aria}
                type="email"
                autoComplete="email"
                readOnly={emailLocked}
                className="w-full"
                {...register('email')}
              />
            )}
          </FormField>
          {emailLocked && (
            <small id={EMAIL_NOTE_ID} className="text-muted">
              {t('profile.emailLocked')}
            </small>
          )}
        </div>
        <div className="col-12 md:col-6">
          <DropdownField
            control={control}
            name="locale"
            id="profile-locale"
            label={t('profile.locale')}
            describedBy={LOCALE_NOTE_ID}
            options={LOCALE_OPTIONS}
            optionLabel="label"
            optionValue="value"
            pt={{ select: { 'aria-label': t('profile.locale') } }}
            className="w-full"
          />
          <small id={LOCALE_NOTE_ID} className="text-muted">
            {t('profile.localeNote')}
          </small>
        </div>
        <div className="col-12 md:col-6">
          <CountryField control={control} idPrefix="profile" />
        </div>
      </div>
      <fieldset className="border-round p-3 mb-4" style={{ border: '1px solid var(--surface-border)' }}>
        <legend className="font-medium px-2">{t('profile.changePassword')}</legend>
        <p className="mt-0 text-muted">{t('profile.leaveBlank')}</p>
        <PasswordPairFields control={control} idPrefix="profile" passwordLabel={t('profile.newPassword')} />
      </fieldset>
      <p className="mb-2 text-muted">
        {emailLocked ? t('profile.confirmPassword') : t('profile.confirmPasswordOrEmail')}
      </p>
      <PasswordField
        control={control}
        name="currentPassword"
        id="profile-current-password"
        label={t('profile.currentPassword')}
        autoComplete="current-password"
      />
      <Button type="submit" label={t('common.save')} icon="pi pi-save" loading={update.isPending} />
    </form>
  );
}
