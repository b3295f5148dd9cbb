import type { Account } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageSection } from '../../../components/page-section.tsx';
import { dateBody } from '../../../components/record-table/format-date.ts';
import { RecordTable, type ServerPage } from '../../../components/record-table/record-table.tsx';
import { accountPageQuery } from '../../../lib/resources/accounts.ts';

const FIRST_PAGE: ServerPage = { first: 0, rows: 10, sortField: 'createdAt', sortOrder: -1, search: '' };

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function UserListPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(FIRST_PAGE);
  const accounts = useQuery(accountPageQuery(page));

  return (
    <PageSection title="Users">
      <RecordTable
        label="Users"
        value={accounts.data?.items ?? []}
        loading={accounts.isFetching}
        error={accounts.error}
        emptyMessage="No user found."
        rowLabel={(account) => `${account.firstName} ${account.lastName}`}
        onEdit={(account) => navigate(`/admin/user/${account.id}`)}
        serverPage={{ total: accounts.data?.total ?? 0, page, onChange: setPage }}
      >
        <Column field="firstName" header="First Name" sortable />
        <Column field="lastName" header="Last Name" sortable />
        <Column field="isMember" header="Member" sortable body={(account: Account) => yesNo(account.isMember)} />
        <Column field="role" header="Role" sortable />
        <Column field="email" header="Email" sortable />
        <Column field="country" header="Country" sortable />
        <Column field="churchName" header="Church" sortable />
        <Column field="isVerified" header="Verified" sortable body={(account: Account) => yesNo(account.isVerified)} />
        <Column field="createdAt" header="Created At" sortable body={dateBody('created')} />
      </RecordTable>
    </PageSection>
  );
}
