import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogProps } from '../dialog-size.ts';

interface RecordDialogProps {
  header: string;
  onHide: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  /** The server's refusal of the last save, e.g. a duplicate name. */
  error: Error | null;
  /** What the submit button says and shows: Save, unless the dialog does something else. */
  submit?: { label: string; icon: string };
  children: ReactNode;
}

/** The New/Edit dialog of a back-office record: its fields, the server's error, Cancel and Save. */
export function RecordDialog({ header, onHide, onSubmit, saving, error, submit, children }: RecordDialogProps) {
  const { t } = useTranslation();
  const { label, icon } = submit ?? { label: t('common.save'), icon: 'pi pi-check' };
  const footer = (
    <div className="flex justify-content-end gap-2">
      <Button type="button" label={t('common.cancel')} icon="pi pi-times" outlined onClick={onHide} />
      <Button type="submit" form="record-dialog-form" label={label} icon={icon} loading={saving} />
    </div>
  );
  return (
    <Dialog visible header={header} focusOnShow={false} footer={footer} {...dialogProps(onHide)}>
      <form id="record-dialog-form" className="p-fluid" noValidate onSubmit={onSubmit}>
        {children}
        {error && <Message severity="error" text={error.message} className="w-full justify-content-start" />}
      </form>
    </Dialog>
  );
}
