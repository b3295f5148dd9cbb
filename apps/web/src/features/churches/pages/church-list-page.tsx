import { CHURCH_MESSAGES, type Church } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { PageSection } from '../../../components/page-section.tsx';
import { dateBody } from '../../../components/record-table/format-date.ts';
import { RecordTable } from '../../../components/record-table/record-table.tsx';
import { churchesQuery, useDeleteChurches } from '../../../lib/resources/churches.ts';
import { ChurchDialog } from '../components/church-dialog.tsx';

/** What the dialog is open for: a new church, or the one being edited. */
type Editing = { church?: Church } | null;

export function ChurchListPage() {
  const churches = useQuery(churchesQuery);
  const remove = useDeleteChurches();
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <PageSection title="Church List">
      <RecordTable
        label="Churches"
        value={churches.data ?? []}
        loading={churches.isPending}
        error={churches.error}
        emptyMessage="No church found."
        rowLabel={(church) => church.name}
        labelField="name"
        globalFilterFields={['country', 'name', 'allocation']}
        onNew={() => setEditing({})}
        onEdit={(church) => setEditing({ church })}
        onDelete={{
          run: (rows) => remove.mutateAsync(rows),
          done: CHURCH_MESSAGES.deleted,
        }}
      >
        <Column field="country" header="Country" sortable />
        <Column field="name" header="Church" sortable />
        <Column field="allocation" header="Allocation" sortable />
        <Column field="createdAt" header="Created" sortable body={dateBody('createdAt')} />
        <Column field="updatedAt" header="Updated" sortable body={dateBody('updatedAt')} />
      </RecordTable>
      {editing && <ChurchDialog church={editing.church} onHide={() => setEditing(null)} />}
    </PageSection>
  );
}
