import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogProps } from '../../../components/dialog-size.ts';

interface ResultDialogProps {
  header: string;
  visible: boolean;
  /** OK and closing both end here. */
  onOk: () => void;
  children: ReactNode;
}

/** Tells the visitor an account operation succeeded; OK moves on. */
export function ResultDialog({ header, visible, onOk, children }: ResultDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      header={header}
      visible={visible}
      footer={<Button type="button" label={t('common.ok')} icon="pi pi-check" onClick={onOk} autoFocus />}
      {...dialogProps(onOk)}
    >
      <div className="flex align-items-start gap-3">
        <i className="pi pi-check-circle text-3xl text-green-500" aria-hidden="true" />
        <div className="line-height-3">{children}</div>
      </div>
    </Dialog>
  );
}
