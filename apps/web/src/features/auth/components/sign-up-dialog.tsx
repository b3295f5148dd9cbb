import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { dialogProps } from '../../../components/dialog-size.ts';
import { SignUpForm } from './sign-up-form.tsx';

interface SignUpDialogProps {
  visible: boolean;
  onHide: () => void;
}

/** The landing page's quick sign-up. Kept mounted so that closing it gives focus back to the button that opened it. */
export function SignUpDialog({ visible, onHide }: SignUpDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog header={t('common.signUp')} visible={visible} {...dialogProps(onHide)}>
      <SignUpForm variant="dialog" />
    </Dialog>
  );
}
