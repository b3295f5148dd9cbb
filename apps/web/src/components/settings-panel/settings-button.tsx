import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useSettingsPanel } from './settings-panel-provider.tsx';

export function SettingsButton({ className }: { className?: string }) {
  const { open } = useSettingsPanel();
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      icon="pi pi-cog"
      rounded
      text
      severity="secondary"
      className={className}
      aria-label={t('common.settings')}
      aria-haspopup="dialog"
      onClick={open}
    />
  );
}
