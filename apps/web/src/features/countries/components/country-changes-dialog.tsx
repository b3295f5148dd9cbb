import type { CountryChanges, CountryInUse } from '@portal/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { DIALOG_SIZE } from '../../../components/dialog-size.ts';
import '../countries.css';

const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** "2 churches, 1 account", leaving out what is none. */
const usesOf = ({ churches, accounts }: CountryInUse) =>
  [churches > 0 && counted(churches, 'church', 'churches'), accounts > 0 && counted(accounts, 'account', 'accounts')]
    .filter(Boolean)
    .join(', ');

/** A new country list offered in place of today's: where it comes from, what it changes, how to ask. */
export interface Replacement {
  /** "Replace the country list?" */
  question: string;
  /** Where the new list comes from: "countries.json", "The standard list". */
  source: string;
  /** The button that replaces the list: "Replace", "Restore". */
  confirmLabel: string;
  changes: CountryChanges;
}

interface CountryChangesDialogProps {
  replacement: Replacement;
  busy: boolean;
  onConfirm: () => void;
  onHide: () => void;
}

function Names({ label, names }: { label: string; names: string[] }) {
  if (names.length === 0) return null;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer font-semibold">
        {label} ({names.length.toLocaleString('en')})
      </summary>
      <p className="mt-2 mb-0 line-height-3">{names.join(', ')}</p>
    </details>
  );
}

/** What a new country list would add and remove, and the question whether to replace today's with it. */
export function CountryChangesDialog({ replacement, busy, onConfirm, onHide }: CountryChangesDialogProps) {
  const { question, source, confirmLabel, changes } = replacement;
  const { added, removed, inUse } = changes;
  const footer = (
    <div className="flex flex-wrap justify-content-end gap-2">
      <Button type="button" label="Cancel" outlined onClick={onHide} disabled={busy} autoFocus />
      <Button
        type="button"
        label={confirmLabel}
        severity={removed.length > 0 ? 'danger' : undefined}
        onClick={onConfirm}
        loading={busy}
      />
    </div>
  );
  return (
    <Dialog
      header={question}
      visible
      onHide={busy ? () => undefined : onHide}
      modal
      draggable={false}
      footer={footer}
      {...DIALOG_SIZE}
    >
      <p className="mt-0 line-height-3">
        {source} holds {counted(changes.count, 'country', 'countries')}; today's list has{' '}
        {counted(changes.current, 'country', 'countries')}.{' '}
        {added.length + removed.length === 0
          ? 'No country would be added or removed.'
          : `Replacing it adds ${counted(added.length, 'country', 'countries')} and removes ${counted(removed.length, 'country', 'countries')}.`}
      </p>
      {inUse.length > 0 && (
        <div className="country-changes-warning line-height-3 mb-2">
          <p className="mt-0 mb-2">
            <i className="pi pi-exclamation-triangle mr-2" aria-hidden="true" />
            Still in use: churches and accounts keep these countries, but sign-up and the church dialog will no longer
            offer them.
          </p>
          <ul className="m-0 pl-4">
            {inUse.map((use) => (
              <li key={use.country}>
                {use.country}: {usesOf(use)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Names label="Added" names={added} />
      <Names label="Removed" names={removed} />
    </Dialog>
  );
}
