import { FILE_MESSAGES } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import type { ServerPage } from '../../../components/record-table/record-table.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useDownloadEdition } from '../../../lib/editions/download-edition.ts';
import { editionPageQuery } from '../../../lib/resources/files.ts';
import { languageRecords } from '../../../lib/resources/languages.ts';
import { useSession } from '../../../lib/session/session-provider.tsx';
import { TOAST_LIFE, useToast } from '../../../lib/toast.tsx';
import { useRecountAfterDownload } from '../api/get-my-download-counts.ts';
import { ChoiceField } from '../components/choice-field.tsx';
import { DownloadCounts } from '../components/download-counts.tsx';
import { EditionTable } from '../components/edition-table.tsx';

const FIRST_PAGE: ServerPage = { first: 0, rows: 10, sortField: 'edition', sortOrder: -1, search: '' };

/** A User's home: who is signed in, their downloads, and the editions to download. */
export function UserDashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  const notify = useToast();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(FIRST_PAGE);
  const [language, setLanguage] = useState<string | null>(null);
  const files = useQuery(editionPageQuery(page, language));
  const languages = (useQuery(languageRecords.listQuery).data ?? []).map((language) => language.name);
  const startDownload = useDownloadEdition();
  const recount = useRecountAfterDownload();
  const download = (id: string) => startDownload(id).then(recount);

  useEffect(() => {
    if (files.isError) notify({ severity: 'error', summary: 'Error', detail: FILE_MESSAGES.loadFailed });
  }, [files.isError, notify]);

  const downloadNewest = async () => {
    const newest = await queryClient.fetchQuery(editionPageQuery({ ...FIRST_PAGE, rows: 1 }, language));
    const file = newest.items[0];
    if (file) await download(file._id);
    else notify({ severity: 'error', summary: 'Error', detail: FILE_MESSAGES.editionMissing, life: TOAST_LIFE.short });
  };

  const toolbar = (
    <div className="flex flex-wrap align-items-end gap-2">
      <ChoiceField
        id="dashboard-language"
        label="Language"
        value={language}
        options={languages}
        onChange={(event) => {
          setLanguage(event.value);
          setPage((current) => ({ ...current, first: 0 }));
        }}
        placeholder="All languages"
        showClear
        filter
        className="w-14rem max-w-full"
      />
      <Button
        label="Download"
        icon="pi pi-download"
        aria-label={language ? `Download the latest edition in ${language}` : 'Download the latest edition'}
        onClick={() => void downloadNewest()}
        disabled={!language}
      />
    </div>
  );

  return (
    <div className="flex flex-column gap-3">
      {/* The table shows its own bar while the list first loads. */}
      {files.isRefetching && <PageLoader />}
      <section className="surface-card border-round-xl shadow-1 p-3 md:p-5" aria-labelledby="page-title">
        <h1 id="page-title" className="text-2xl font-semibold mt-0 mb-1">
          Welcome, {user?.lastName} {user?.firstName}
        </h1>
        <p className="mt-0 mb-4 text-muted">{user?.email}</p>
        <DownloadCounts />
      </section>
      <section className="surface-card border-round-xl shadow-1 p-3 md:p-5" aria-labelledby="editions-title">
        <h2 id="editions-title" className="text-xl font-semibold mt-0 mb-3">
          Editions
        </h2>
        <EditionTable
          files={files.data?.items ?? []}
          loading={files.isPending}
          serverPage={{ total: files.data?.total ?? 0, page, onChange: setPage }}
          onDownload={(file) => void download(file._id)}
          toolbar={toolbar}
        />
      </section>
    </div>
  );
}
