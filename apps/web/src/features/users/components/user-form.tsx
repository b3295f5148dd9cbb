import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Account,
  ROLES,
  type Role,
  TITLES,
  type Title,
  type UpdateAccountRequest,
  updateAccountSchema,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown, type DropdownProps } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Controller, useForm } from 'react-hook-form';
import { FormField } from '../../../components/record-table/form-field.tsx';
import { useChurches } from '../../../lib/churches.ts';
import { useCountries } from '../../../lib/countries.ts';
import { useSession } from '../../../lib/session/session-provider.tsx';
import type { AccountChanges } from '../api/update-account.ts';

/** The roles the signed-in user may give: only a Super Admin makes Super Admins. */
const grantableRoles = (caller: Role | undefined, current: Role): Role[] =>
  ROLES.filter((role) => role !== 'Super Admin' || caller === 'Super Admin' || current === 'Super Admin');

const SELF_NOTE_ID = 'user-self-note';

interface UserFormProps {
  account: Account;
  saving: boolean;
  deleting: boolean;
  onSave: (changes: AccountChanges) => void;
  onDelete: () => void;
}

export function UserForm({ account, saving, deleting, onSave, onDelete }: UserFormProps) {
  const { user } = useSession();
  // The server refuses (403) a change of one's own role or verified flag: locked here rather than refused on save.
  const isSelf = user?.id === account.id;
  const churches = useChurches();
  const countries = useCountries();
  const { control, register, handleSubmit, formState } = useForm<UpdateAccountRequest, unknown, AccountChanges>({
    resolver: zodResolver(updateAccountSchema),
    defaultValues: {
      title: (account.title as Title | null) ?? undefined,
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

  const textField = (name: 'firstName' | 'lastName' | 'email', label: string, className: string) => (
    <div className={className}>
      <FormField id={`user-${name}`} label={label} error={errors[name]?.message}>
        <InputText
          id={`user-${name}`}
          type={name === 'email' ? 'email' : 'text'}
          {...register(name)}
          invalid={errors[name] !== undefined}
          aria-describedby={errors[name] ? `user-${name}-error` : undefined}
        />
      </FormField>
    </div>
  );

  const dropdownField = (name: 'title' | 'role' | 'church' | 'country', label: string, props: DropdownProps) => (
    <div className="col-12 md:col-6">
      <FormField id={`user-${name}`} label={label} error={errors[name]?.message}>
        <Controller
          name={name}
          control={control}
          render={({ field }) => (
            <Dropdown
              inputId={`user-${name}`}
              value={field.value}
              onChange={(event) => field.onChange(event.value ?? null)}
              {...props}
            />
          )}
        />
      </FormField>
    </div>
  );

  const checkboxField = (name: 'isMember' | 'isVerified', label: string, locked = false) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <div className="flex align-items-center gap-2">
          <Checkbox
            inputId={`user-${name}`}
            checked={field.value ?? false}
            onChange={(event) => field.onChange(event.checked ?? false)}
            disabled={locked}
            aria-describedby={locked ? SELF_NOTE_ID : undefined}
          />
          <label htmlFor={`user-${name}`}>{label}</label>
        </div>
      )}
    />
  );

  return (
    <form className="p-fluid formgrid grid" noValidate onSubmit={handleSubmit(onSave)}>
      {dropdownField('title', 'Title', { options: [...TITLES], placeholder: 'Select a title' })}
      {dropdownField('role', 'Role', {
        options: grantableRoles(user?.role, account.role),
        disabled: isSelf,
        'aria-describedby': isSelf ? SELF_NOTE_ID : undefined,
      })}
      {textField('firstName', 'First Name', 'col-12 md:col-6')}
      {textField('lastName', 'Last Name', 'col-12 md:col-6')}
      {textField('email', 'Email', 'col-12')}
      {dropdownField('church', 'Church', {
        // The same name may exist in two countries.
        options: (churches.data ?? []).map((church) => ({
          id: church.id,
          label: `${church.name} (${church.country})`,
        })),
        optionLabel: 'label',
        optionValue: 'id',
        loading: churches.isPending,
        filter: true,
        showClear: true,
        placeholder: 'No church',
      })}
      {dropdownField('country', 'Country', {
        options: countries.data ?? [],
        optionLabel: 'country',
        optionValue: 'country',
        loading: countries.isPending,
        filter: true,
        showClear: true,
        placeholder: 'No country',
      })}
      <div className="col-12 flex flex-wrap gap-4 mb-3">
        {checkboxField('isMember', 'Member')}
        {checkboxField('isVerified', 'Verified', isSelf)}
      </div>
      {isSelf && (
        <p id={SELF_NOTE_ID} className="col-12 mt-0 text-sm text-color-secondary">
          Your own role and verified flag can only be changed by another admin.
        </p>
      )}
      <div className="col-12 flex flex-wrap justify-content-end gap-2">
        <Button
          type="button"
          label="Delete"
          icon="pi pi-trash"
          outlined
          className="w-auto"
          loading={deleting}
          onClick={onDelete}
        />
        <Button type="submit" label="Save" icon="pi pi-check" className="w-auto" loading={saving} />
      </div>
    </form>
  );
}
