import { MAX_COUNTRY_JSON_BYTES } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { RecordTable } from '../../../components/record-table/record-table.tsx';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import {
  countriesQuery,
  previewCountries,
  previewRestoreCountries,
  useCountries,
  useRestoreCountries,
  useUploadCountries,
} from '../../../lib/resources/countries.ts';
import { errorToast, useToast } from '../../../lib/toast.tsx';
import { checkCountryFile } from '../components/check-country-file.ts';
import { CountryChangesDialog, type Replacement } from '../components/country-changes-dialog.tsx';

type Outcome = { severity: 'success' | 'error'; text: string } | null;

/** A replacement waiting for its confirmation: the file to upload, or none for the standard list. */
type Proposal = Replacement & { file?: File };

/**
 * The country list: replaced by a JSON file or by the standard list, each only after the admin has seen what
 * it adds and removes (and which removed countries are still named) and confirmed.
 */
export function CountriesPage() {
  const { t } = useTranslation();
  const notify = useToast();
  const countries = useQuery(countriesQuery);
  const { options } = useCountries();
  const rows = options.map(({ value, label }) => ({ id: value, label, value }));
  const upload = useUploadCountries();
  const restore = useRestoreCountries();
  const [reading, setReading] = useState(false);
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const replacing = upload.isPending || restore.isPending;

  const fail = (text: string) => {
    setOutcome({ severity: 'error', text });
    notify(errorToast(text, { life: 'long' }));
  };

  /** Shows what the new list would change; nothing is replaced until the dialog is confirmed. */
  const propose = async (ask: () => Promise<Proposal>) => {
    setOutcome(null);
    setReading(true);
    try {
      setProposal(await ask());
    } catch (failure) {
      fail((failure as Error).message);
    } finally {
      setReading(false);
    }
  };

  const onFile = ({ files, options }: FileUploadHandlerEvent) => {
    const file = files[0];
    options.clear();
    if (!file) return;
    void propose(async () => {
      const problem = await checkCountryFile(file);
      if (problem) throw new Error(translateMessage(problem));
      const changes = await previewCountries(file);
      return {
        file,
        changes,
        question: t('countries.replaceQuestion'),
        source: file.name,
        confirmLabel: t('countries.replace'),
      };
    });
  };

  const onRestore = () =>
    void propose(async () => ({
      changes: await previewRestoreCountries(),
      question: t('countries.restoreQuestion'),
      source: t('countries.standardList'),
      confirmLabel: t('countries.restore'),
    }));

  const confirm = async () => {
    if (!proposal) return;
    try {
      const result = await (proposal.file ? upload.mutateAsync(proposal.file) : restore.mutateAsync());
      const text = t('countries.done', { message: translateMessage(result.message), count: result.count });
      setOutcome({ severity: 'success', text });
      notify({ severity: 'success', summary: t('common.success'), detail: text });
    } catch (failure) {
      fail((failure as Error).message);
    } finally {
      setProposal(null);
    }
  };

  return (
    <PageSection title={t('menu.countries')}>
      {countries.isPending && <PageLoader />}
      <p className="line-height-3 mt-0">
        <Trans i18nKey="countries.intro" values={{ bytes: MAX_COUNTRY_JSON_BYTES }} components={{ code: <code /> }} />
      </p>
      <p className="font-semibold" aria-live="polite">
        {countries.isError
          ? t('errors.occurred', { detail: countries.error.message })
          : countries.data && t('countries.count', { count: countries.data.length })}
      </p>
      <div className="flex flex-wrap gap-2">
        <FileUpload
          mode="basic"
          name="jsonfile"
          accept=".json,application/json"
          customUpload
          auto
          uploadHandler={onFile}
          chooseLabel={reading ? t('countries.reading') : t('countries.choose')}
          chooseOptions={{ icon: 'pi pi-upload' }}
          disabled={reading || replacing}
          pt={{ basicButton: { role: 'button' }, input: { 'aria-label': t('countries.file') } }}
        />
        <Button
          type="button"
          label={t('countries.restoreStandard')}
          icon="pi pi-replay"
          outlined
          onClick={onRestore}
          disabled={reading || replacing}
        />
      </div>
      {outcome && <Message severity={outcome.severity} text={outcome.text} className="mt-3" role="status" />}
      <div className="mt-4">
        <RecordTable
          label={t('countries.list.label')}
          value={rows}
          loading={countries.isPending}
          error={countries.error}
          emptyMessage={t('countries.list.none')}
          rowLabel={(row) => row.label}
          globalFilterFields={['label', 'value']}
        >
          <Column field="label" header={t('countries.list.name')} sortable />
          <Column field="value" header={t('countries.list.stored')} sortable />
        </RecordTable>
      </div>
      {proposal && (
        <CountryChangesDialog
          replacement={proposal}
          busy={replacing}
          onConfirm={() => void confirm()}
          onHide={() => setProposal(null)}
        />
      )}
    </PageSection>
  );
}
