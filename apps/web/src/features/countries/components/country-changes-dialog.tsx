import type { CountryChanges, CountryInUse } from '@portal/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { dialogProps } from '../../../components/dialog-size.ts';
import { useCountries } from '../../../lib/resources/countries.ts';
import '../countries.css';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** "2 churches, 1 account", leaving out what is none. */
const usesOf = ({ churches, accounts }: CountryInUse, t: TFunction) =>
  [
    churches > 0 && t('countries.changes.churches', { count: churches }),
    accounts > 0 && t('countries.changes.accounts', { count: accounts }),
  ]
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
  const { t } = useTranslation();
  if (names.length === 0) return null;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer font-semibold">
        {t('countries.changes.namesCount', { label, count: names.length })}
      </summary>
      <p className="mt-2 mb-0 line-height-3">{names.join(', ')}</p>
    </details>
  );
}

/** What a new country list would add and remove, and the question whether to replace today's with it. */
export function CountryChangesDialog({ replacement, busy, onConfirm, onHide }: CountryChangesDialogProps) {
  const { t } = useTranslation();
  const { question, source, confirmLabel, changes } = replacement;
  const { added, removed, inUse } = changes;
  // Today's countries in the reader's language; those a file adds as the file names them.
  const { labelOf } = useCountries();
  const footer = (
    <div className="flex flex-wrap justify-content-end gap-2">
      <Button type="button" label={t('common.cancel')} outlined onClick={onHide} disabled={busy} autoFocus />
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
    <Dialog header={question} visible footer={footer} {...dialogProps(onHide, { busy })}>
      <p className="mt-0 line-height-3">
        {t('countries.changes.holds', { source, count: changes.count, current: changes.current })}{' '}
        {added.length + removed.length === 0
          ? t('countries.changes.nothing')
          : t('countries.changes.addsRemoves', { added: added.length, removed: removed.length })}
      </p>
      {inUse.length > 0 && (
        <div className="country-changes-warning line-height-3 mb-2">
          <p className="mt-0 mb-2">
            <i className="pi pi-exclamation-triangle mr-2" aria-hidden="true" />
            {t('countries.changes.inUse')}
          </p>
          <ul className="m-0 pl-4">
            {inUse.map((use) => (
              <li key={use.country}>
                {labelOf(use.country)}: {usesOf(use, t)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Names label={t('countries.changes.added')} names={added} />
      <Names label={t('countries.changes.removed')} names={removed.map(labelOf)} />
    </Dialog>
  );
}
