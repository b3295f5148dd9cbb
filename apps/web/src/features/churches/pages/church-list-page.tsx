import { CHURCH_MESSAGES, type Church } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../../components/page-section.tsx';
import { dateBody } from '../../../components/record-table/format-date.ts';
import { RecordTable } from '../../../components/record-table/record-table.tsx';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { churchesQuery, useDeleteChurches } from '../../../lib/resources/churches.ts';
import { useCountries } from '../../../lib/resources/countries.ts';
import { ChurchDialog } from '../components/church-dialog.tsx';

/** A church as the table shows it: with its country's name in the reader's language, which the search looks in. */
type ChurchRow = Church & { countryName: string };

/** What the dialog is open for: a new church, or the one being edited. */
type Editing = { church?: Church } | null;

export function ChurchListPage() {
  const { t } = useTranslation();
  const churches = useQuery(churchesQuery);
  const remove = useDeleteChurches<ChurchRow>();
  const [editing, setEditing] = useState<Editing>(null);
  const { labelOf } = useCountries();
  const rows = (churches.data ?? []).map((church): ChurchRow => ({ ...church, countryName: labelOf(church.country) }));

  return (
    <PageSection title={t('churches.title')}>
      <RecordTable
        label={t('churches.label')}
        value={rows}
        loading={churches.isPending}
        error={churches.error}
        emptyMessage={t('churches.none')}
        rowLabel={(church) => church.name}
        labelField="name"
        globalFilterFields={['countryName', 'name', 'allocation']}
        onNew={() => setEditing({})}
        onEdit={(church) => setEditing({ church })}
        onDelete={{
          run: (rows) => remove.mutateAsync(rows),
          done: translateMessage(CHURCH_MESSAGES.deleted),
          question: (count) => t('churches.deleteSelected', { count }),
        }}
      >
        <Column field="countryName" header={t('churches.country')} sortable />
        <Column field="name" header={t('churches.church')} sortable />
        <Column field="allocation" header={t('churches.allocation')} sortable />
        <Column field="createdAt" header={t('table.created')} sortable body={dateBody('createdAt')} />
        <Column field="updatedAt" header={t('table.updated')} sortable body={dateBody('updatedAt')} />
      </RecordTable>
      {editing && <ChurchDialog church={editing.church} onHide={() => setEditing(null)} />}
    </PageSection>
  );
}
