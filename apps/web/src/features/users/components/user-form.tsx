import { zodResolver } from '@hookform/resolvers/zod';
import { type Account, grantableRoles, TITLES, type UpdateAccountRequest, updateAccountSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { DropdownField, type DropdownOptions } from '../../../components/form/dropdown-field.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { titleOptions } from '../../../components/form/title-field.tsx';
import { churchesQuery, useChurchFillsCountry } from '../../../lib/resources/churches.ts';
import { useCountries } from '../../../lib/resources/countries.ts';
import { useSession } from '../../../lib/session/session-provider.tsx';
import { churchOptions } from './church-options.ts';
import { roleLabel } from './role-labels.ts';

export type AccountChanges = z.output<typeof updateAccountSchema>;

/** The roles the signed-in user may give, and the account's own even when they may not give it (it shows as is). */
function roleChoices(account: Account, caller: Account['role'] | undefined) {
  const grantable = grantableRoles(caller);
  return grantable.includes(account.role) ? grantable : [account.role, ...grantable];
}

const SELF_NOTE_ID = 'user-self-note';

interface UserFormProps {
  account: Account;
  saving: boolean;
  deleting: boolean;
  onSave: (changes: AccountChanges) => void;
  onDelete: () => void;
}

export function UserForm({ account, saving, deleting, onSave, onDelete }: UserFormProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  // The server refuses (403) a change of one's own role or verified flag: locked here rather than refused on save.
  const isSelf = user?.id === account.id;
  const churches = useQuery(churchesQuery);
  const countries = useCountries();
  const { control, register, handleSubmit, formState } = useForm<UpdateAccountRequest, unknown, AccountChanges>({
    resolver: zodResolver(updateAccountSchema),
    defaultValues: {
      title: account.title || undefined,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      church: account.church,
      country: account.country,
      isMember: account.isMember,
      role: account.role,
      isVerified: account.isVerified,
    },
  });
  const { errors } = formState;
  useChurchFillsCountry(control);

  const textField = (name: 'firstName' | 'lastName' | 'email', label: string, className: string) => (
    <div className={className}>
      <FormField id={`user-${name}`} label={label} error={errors[name]?.message}>
        {(aria) => <InputText {...aria} type={name === 'email' ? 'email' : 'text'} {...register(name)} />}
      </FormField>
    </div>
  );

  const dropdownField = (
    name: 'title' | 'role' | 'church' | 'country',
    label: string,
    options: DropdownOptions,
    note?: string,
  ) => (
    <div className="col-12 md:col-6">
      <DropdownField control={control} name={name} id={`user-${name}`} label={label} describedBy={note} {...options} />
    </div>
  );

  const checkboxField = (name: 'isMember' | 'isVerified', label: string, locked = false) => (
    <CheckboxField
      control={control}
      name={name}
      id={`user-${name}`}
      label={label}
      describedBy={locked ? SELF_NOTE_ID : undefined}
      disabled={locked}
      className=""
    />
  );

  return (
    <form className="p-fluid formgrid grid" noValidate onSubmit={handleSubmit(onSave)}>
      {dropdownField('title', t('form.title.label'), {
        options: titleOptions(TITLES, t),
        optionLabel: 'label',
        optionValue: 'value',
        placeholder: t('form.title.placeholder'),
      })}
      {dropdownField(
        'role',
        t('users.role'),
        {
          options: roleChoices(account, user?.role).map((role) => ({ value: role, label: roleLabel(role, t) })),
          optionLabel: 'label',
          optionValue: 'value',
          disabled: isSelf,
        },
        isSelf ? SELF_NOTE_ID : undefined,
      )}
      {textField('firstName', t('common.firstName'), 'col-12 md:col-6')}
      {textField('lastName', t('common.lastName'), 'col-12 md:col-6')}
      {textField('email', t('common.email'), 'col-12')}
      {dropdownField('church', t('users.church'), {
        options: churchOptions(churches.data),
        optionLabel: 'label',
        optionValue: 'id',
        loading: churches.isPending,
        filter: true,
        showClear: true,
        placeholder: t('users.noChurch'),
      })}
      {dropdownField('country', t('users.country'), {
        options: countries.options,
        optionLabel: 'label',
        optionValue: 'value',
        loading: countries.isPending,
        filter: true,
        showClear: true,
        placeholder: t('users.noCountry'),
      })}
      <div className="col-12 flex flex-wrap gap-4 mb-3">
        {checkboxField('isMember', t('users.member'))}
        {checkboxField('isVerified', t('users.verified'), isSelf)}
      </div>
      {isSelf && (
        <p id={SELF_NOTE_ID} className="col-12 mt-0 text-sm text-color-secondary">
          {t('users.selfNote')}
        </p>
      )}
      <div className="col-12 flex flex-wrap justify-content-end gap-2">
        <Button
          type="button"
          label={t('common.delete')}
          icon="pi pi-trash"
          outlined
          className="w-auto"
          loading={deleting}
          onClick={onDelete}
        />
        <Button type="submit" label={t('common.save')} icon="pi pi-check" className="w-auto" loading={saving} />
      </div>
    </form>
  );
}
