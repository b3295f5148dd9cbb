import type { Account } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageSection } from '../../../components/page-section.tsx';
import { dateBody } from '../../../components/record-table/format-date.ts';
import { RecordTable } from '../../../components/record-table/record-table.tsx';
import { accountPageQuery } from '../../../lib/resources/accounts.ts';
import { useCountries } from '../../../lib/resources/countries.ts';
import type { ServerPage } from '../../../lib/resources/server-page.ts';
import { MoveToChurchDialog } from '../components/move-to-church-dialog.tsx';
import { roleLabel } from '../components/role-labels.ts';

const FIRST_PAGE: ServerPage = { first: 0, rows: 10, sortField: 'createdAt', sortOrder: -1, search: '' };

/** The address, wrapping after its @ where the column is narrow (and anywhere, if even a half is too long). */
function emailCell({ email }: Account) {
  const domain = email.lastIndexOf('@') + 1;
  return (
    <>
      {email.slice(0, domain)}
      <wbr />
      {email.slice(domain)}
    </>
  );
}

/** The accounts the move dialog is open for, and how to clear the table's selection once they moved. */
type Moving = { accounts: Account[]; clearSelection: () => void } | null;

export function UserListPage() {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const navigate = useNavigate();
  const [page, setPage] = useState(FIRST_PAGE);
  const accounts = useQuery(accountPageQuery(page));
  const [moving, setMoving] = useState<Moving>(null);
  const { labelOf } = useCountries();

  return (
    <PageSection title={t('menu.users')}>
      <RecordTable
        label={t('menu.users')}
        value={accounts.data?.items ?? []}
        loading={accounts.isFetching}
        error={accounts.error}
        emptyMessage={t('users.none')}
        rowLabel={(account) => `${account.firstName} ${account.lastName}`}
        labelField="email"
        dense
        onEdit={(account) => navigate(`/admin/user/${account.id}`)}
        selectionActions={(selected, clearSelection) => (
          <Button
            type="button"
            label={t('users.move.title')}
            icon="pi pi-building-columns"
            outlined
            disabled={selected.length === 0}
            onClick={() => setMoving({ accounts: selected, clearSelection })}
          />
        )}
        serverPage={{ total: accounts.data?.total ?? 0, page, onChange: setPage }}
      >
        <Column field="firstName" header={t('common.firstName')} sortable />
        <Column field="lastName" header={t('common.lastName')} sortable />
        <Column
          field="isMember"
          header={t('users.member')}
          sortable
          body={(account: Account) => yesNo(account.isMember)}
        />
        <Column
          field="role"
          header={t('users.role')}
          sortable
          body={(account: Account) => roleLabel(account.role, t)}
        />
        <Column field="email" header={t('common.email')} sortable body={emailCell} bodyClassName="record-table-break" />
        <Column
          field="country"
          header={t('users.country')}
          sortable
          body={(account: Account) => labelOf(account.country)}
        />
        <Column field="churchName" header={t('users.church')} sortable />
        <Column
          field="isVerified"
          header={t('users.verified')}
          sortable
          body={(account: Account) => yesNo(account.isVerified)}
        />
        <Column field="createdAt" header={t('users.createdAt')} sortable body={dateBody('created')} />
      </RecordTable>
      {moving && (
        <MoveToChurchDialog
          accounts={moving.accounts}
          onMoved={() => {
            moving.clearSelection();
            setMoving(null);
          }}
          onHide={() => setMoving(null)}
        />
      )}
    </PageSection>
  );
}
