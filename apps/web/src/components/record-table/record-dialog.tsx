import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import type { FormEventHandler, ReactNode } from 'react';
import { DIALOG_SIZE } from '../dialog-size.ts';

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

const SAVE = { label: 'Save', icon: 'pi pi-check' };

/** The New/Edit dialog of a back-office record: its fields, the server's error, Cancel and Save. */
export function RecordDialog({ header, onHide, onSubmit, saving, error, submit = SAVE, children }: RecordDialogProps) {
  const footer = (
    <div className="flex justify-content-end gap-2">
      <Button type="button" label="Cancel" icon="pi pi-times" outlined onClick={onHide} />
      <Button type="submit" form="record-dialog-form" label={submit.label} icon={submit.icon} loading={saving} />
    </div>
  );
  return (
    <Dialog
      visible
      header={header}
      modal
      draggable={false}
      focusOnShow={false}
      onHide={onHide}
      footer={footer}
      {...DIALOG_SIZE}
    >
      <form id="record-dialog-form" className="p-fluid" noValidate onSubmit={onSubmit}>
        {children}
        {error && <Message severity="error" text={error.message} className="w-full justify-content-start" />}
      </form>
    </Dialog>
  );
}
