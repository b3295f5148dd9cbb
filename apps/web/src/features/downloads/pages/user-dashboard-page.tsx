import { FILE_MESSAGES, type FileRecord, parseMonth } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useDownloadEdition } from '../../../lib/editions/download-edition.ts';
import { filesQuery } from '../../../lib/resources/files.ts';
import { languageRecords } from '../../../lib/resources/languages.ts';
import { useSession } from '../../../lib/session/session-provider.tsx';
import { TOAST_LIFE, useToast } from '../../../lib/toast.tsx';
import { useRecountAfterDownload } from '../api/get-my-download-counts.ts';
import { ChoiceField } from '../components/choice-field.tsx';
import { DownloadCounts } from '../components/download-counts.tsx';
import { EditionTable } from '../components/edition-table.tsx';

const editionOrder = (file: FileRecord) => file.book_year * 100 + (parseMonth(file.book_month) ?? 0);
const newest = (files: FileRecord[]) =>
  files.reduce<FileRecord | undefined>(
    (best, file) => (!best || editionOrder(file) > editionOrder(best) ? file : best),
    undefined,
  );

/** A User's home: who is signed in, their downloads, and the editions to download. */
export function UserDashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  const notify = useToast();
  const files = useQuery(filesQuery);
  const languages = (useQuery(languageRecords.listQuery).data ?? []).map((language) => language.name);
  const startDownload = useDownloadEdition();
  const recount = useRecountAfterDownload();
  const download = (id: string) => startDownload(id).then(recount);
  const [language, setLanguage] = useState<string | null>(null);
  const shown = (files.data ?? []).filter((file) => !language || file.book_language === language);

  useEffect(() => {
    if (files.isError) notify({ severity: 'error', summary: 'Error', detail: FILE_MESSAGES.loadFailed });
  }, [files.isError, notify]);

  const downloadNewest = () => {
    const file = newest(shown);
    if (file) void download(file._id);
    else notify({ severity: 'error', summary: 'Error', detail: FILE_MESSAGES.editionMissing, life: TOAST_LIFE.short });
  };

  const toolbar = (
    <div className="flex flex-wrap align-items-end gap-2">
      <ChoiceField
        id="dashboard-language"
        label="Language"
        value={language}
        options={languages}
        onChange={(event) => setLanguage(event.value)}
        placeholder="All languages"
        showClear
        filter
        className="w-14rem max-w-full"
      />
      <Button
        label="Download"
        icon="pi pi-download"
        aria-label={language ? `Download the latest edition in ${language}` : 'Download the latest edition'}
        onClick={downloadNewest}
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
          files={shown}
          loading={files.isPending}
          onDownload={(file) => void download(file._id)}
          toolbar={toolbar}
        />
      </section>
    </div>
  );
}
