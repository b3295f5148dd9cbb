import { LANGUAGE_MESSAGES, type Language } from '@portal/contract';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { PageSection } from '../../../components/page-section.tsx';
import { dateBody } from '../../../components/record-table/format-date.ts';
import { RecordTable } from '../../../components/record-table/record-table.tsx';
import { useDeleteLanguages } from '../api/delete-languages.ts';
import { useLanguages } from '../api/get-languages.ts';
import { LanguageDialog } from '../components/language-dialog.tsx';

/** What the dialog is open for: a new language, or the one being renamed. */
type Editing = { language?: Language } | null;

export function LanguageListPage() {
  const languages = useLanguages();
  const remove = useDeleteLanguages();
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <PageSection title="Languages">
      <RecordTable
        label="Languages"
        value={languages.data ?? []}
        loading={languages.isPending}
        error={languages.error}
        emptyMessage="No language found."
        rowLabel={(language) => language.name}
        labelField="name"
        globalFilterFields={['name']}
        onNew={() => setEditing({})}
        onEdit={(language) => setEditing({ language })}
        onDelete={{
          run: (rows) => remove.mutateAsync(rows),
          done: LANGUAGE_MESSAGES.deleted,
        }}
      >
        <Column field="name" header="Name" sortable />
        <Column field="createdAt" header="Created" sortable body={dateBody('createdAt')} />
        <Column field="updatedAt" header="Updated" sortable body={dateBody('updatedAt')} />
      </RecordTable>
      {editing && <LanguageDialog language={editing.language} onHide={() => setEditing(null)} />}
    </PageSection>
  );
}
