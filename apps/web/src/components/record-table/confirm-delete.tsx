import { ConfirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { DIALOG_SIZE } from '../dialog-size.ts';

interface ConfirmDeleteProps {
  /** The question; the dialog shows while there is one. */
  message: string | null;
  onAccept: () => void;
  onHide: () => void;
}

/** The dialog titled Confirm that every deletion asks first; No has the focus, so Enter never deletes by accident. */
export function ConfirmDelete({ message, onAccept, onHide }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible={message !== null}
      onHide={onHide}
      header={t('table.confirm')}
      icon="pi pi-exclamation-triangle"
      message={message}
      acceptLabel={t('common.yes')}
      rejectLabel={t('common.no')}
      acceptClassName="p-button-danger"
      defaultFocus="reject"
      accept={onAccept}
      reject={onHide}
      {...DIALOG_SIZE}
    />
  );
}
