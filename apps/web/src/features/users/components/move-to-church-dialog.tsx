import { zodResolver } from '@hookform/resolvers/zod';
import { type Account, accountsMovedMessage, moveAccountsSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DropdownField } from '../../../components/form/dropdown-field.tsx';
import { RecordDialog } from '../../../components/record-table/record-dialog.tsx';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { useMoveAccounts } from '../../../lib/resources/accounts.ts';
import { churchesQuery } from '../../../lib/resources/churches.ts';
import { useToast } from '../../../lib/toast.tsx';
import { churchOptions } from './church-options.ts';

const churchChoiceSchema = moveAccountsSchema.pick({ churchId: true });

interface MoveToChurchDialogProps {
  accounts: Account[];
  onMoved: () => void;
  onHide: () => void;
}

/** Moves the selected accounts to the church chosen here; a refusal (say, of a Super Admin's) shows in the dialog. */
export function MoveToChurchDialog({ accounts, onMoved, onHide }: MoveToChurchDialogProps) {
  const { t } = useTranslation();
  const notify = useToast();
  const churches = useQuery(churchesQuery);
  const move = useMoveAccounts();
  const { control, handleSubmit } = useForm<
    z.input<typeof churchChoiceSchema>,
    unknown,
    z.output<typeof churchChoiceSchema>
  >({
    resolver: zodResolver(churchChoiceSchema),
    defaultValues: { churchId: '' },
  });
  const [only] = accounts;
  const intro =
    accounts.length === 1 && only
      ? t('users.move.one', { name: `${only.firstName} ${only.lastName}` })
      : t('users.move.many', { count: accounts.length });

  const onSubmit = handleSubmit(async ({ churchId }) => {
    const { moved } = await move.mutateAsync({ ids: accounts.map((account) => account.id), churchId });
    const church = churches.data?.find(({ id }) => id === churchId);
    notify({
      severity: 'success',
      summary: t('common.success'),
      detail: church ? translateMessage(accountsMovedMessage(moved, church)) : t('users.move.done', { count: moved }),
    });
    onMoved();
  });

  return (
    <RecordDialog
      header={t('users.move.title')}
      onHide={onHide}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      saving={move.isPending}
      error={move.error}
      submit={{ label: t('users.move.submit'), icon: 'pi pi-arrow-right' }}
    >
      <p className="mt-0 line-height-3">{intro}</p>
      <DropdownField
        control={control}
        name="churchId"
        id="move-church"
        label={t('users.church')}
        options={churchOptions(churches.data)}
        optionLabel="label"
        optionValue="id"
        filter
        loading={churches.isPending}
        emptyMessage={t('churches.none')}
        placeholder={t('users.move.select')}
        autoFocus
      />
    </RecordDialog>
  );
}
