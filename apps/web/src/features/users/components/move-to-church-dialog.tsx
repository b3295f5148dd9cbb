import { zodResolver } from '@hookform/resolvers/zod';
import { type Account, moveAccountsSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DropdownField } from '../../../components/form/dropdown-field.tsx';
import { RecordDialog } from '../../../components/record-table/record-dialog.tsx';
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
  const who =
    accounts.length === 1 && only ? `${only.firstName} ${only.lastName}` : `the ${accounts.length} selected users`;

  const onSubmit = handleSubmit(async ({ churchId }) => {
    const { message } = await move.mutateAsync({ ids: accounts.map((account) => account.id), churchId });
    notify({ severity: 'success', summary: 'Successful', detail: message });
    onMoved();
  });

  return (
    <RecordDialog
      header="Move to church"
      onHide={onHide}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      saving={move.isPending}
      error={move.error}
      submit={{ label: 'Move', icon: 'pi pi-arrow-right' }}
    >
      <p className="mt-0 line-height-3">Move {who} to this church:</p>
      <DropdownField
        control={control}
        name="churchId"
        id="move-church"
        label="Church"
        options={churchOptions(churches.data)}
        optionLabel="label"
        optionValue="id"
        filter
        loading={churches.isPending}
        emptyMessage="No church found."
        placeholder="Select a church"
        autoFocus
      />
    </RecordDialog>
  );
}
