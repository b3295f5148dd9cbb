import { useTranslation } from 'react-i18next';
import { PlainButton } from '../plain-button.tsx';
import { useSettingsPanel } from './settings-panel-provider.tsx';

export function SettingsButton({ className }: { className?: string }) {
  const { open } = useSettingsPanel();
  const { t } = useTranslation();
  return (
    <PlainButton
      icon="pi pi-cog"
      className={`p-button-text p-button-rounded p-button-secondary ${className ?? ''}`}
      aria-label={t('common.settings')}
      aria-haspopup="dialog"
      onClick={open}
    />
  );
}
