import { MAX_COUNTRY_JSON_BYTES } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import {
  countriesQuery,
  previewCountries,
  previewRestoreCountries,
  useRestoreCountries,
  useUploadCountries,
} from '../../../lib/resources/countries.ts';
import { TOAST_LIFE, useToast } from '../../../lib/toast.tsx';
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
  const notify = useToast();
  const countries = useQuery(countriesQuery);
  const upload = useUploadCountries();
  const restore = useRestoreCountries();
  const [reading, setReading] = useState(false);
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const replacing = upload.isPending || restore.isPending;

  const fail = (text: string) => {
    setOutcome({ severity: 'error', text });
    notify({ severity: 'error', summary: 'Error', detail: text, life: TOAST_LIFE.long });
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
      if (problem) throw new Error(problem);
      const changes = await previewCountries(file);
      return { file, changes, question: 'Replace the country list?', source: file.name, confirmLabel: 'Replace' };
    });
  };

  const onRestore = () =>
    void propose(async () => ({
      changes: await previewRestoreCountries(),
      question: 'Restore the standard list?',
      source: 'The standard list',
      confirmLabel: 'Restore',
    }));

  const confirm = async () => {
    if (!proposal) return;
    try {
      const result = await (proposal.file ? upload.mutateAsync(proposal.file) : restore.mutateAsync());
      const text = `${result.message} The list has ${result.count.toLocaleString('en')} countries.`;
      setOutcome({ severity: 'success', text });
      notify({ severity: 'success', summary: 'Successful', detail: text });
    } catch (failure) {
      fail((failure as Error).message);
    } finally {
      setProposal(null);
    }
  };

  return (
    <PageSection title="Countries">
      {countries.isPending && <PageLoader />}
      <p className="line-height-3 mt-0">
        The countries people choose from at sign-up, in the church dialog and in the user editor. Replace them with a
        JSON file: a list of country names, or of objects with a <code>country</code> field, of at most{' '}
        {MAX_COUNTRY_JSON_BYTES.toLocaleString('en')} bytes. The standard list is the ISO 3166 country names the portal
        starts with. You see what changes before anything is replaced.
      </p>
      <p className="font-semibold" aria-live="polite">
        {countries.isError
          ? `An error has occurred: ${countries.error.message}`
          : countries.data && `The country list has ${countries.data.length.toLocaleString('en')} countries.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <FileUpload
          mode="basic"
          name="jsonfile"
          accept=".json,application/json"
          customUpload
          auto
          uploadHandler={onFile}
          chooseLabel={reading ? 'Reading...' : 'Choose a JSON file'}
          chooseOptions={{ icon: 'pi pi-upload' }}
          disabled={reading || replacing}
          pt={{ basicButton: { role: 'button' }, input: { 'aria-label': 'Country JSON file' } }}
        />
        <Button
          type="button"
          label="Restore the standard list"
          icon="pi pi-replay"
          outlined
          onClick={onRestore}
          disabled={reading || replacing}
        />
      </div>
      {outcome && <Message severity={outcome.severity} text={outcome.text} className="mt-3" role="status" />}
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
