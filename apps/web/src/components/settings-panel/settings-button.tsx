import { Button } from 'primereact/button';
import { useSettingsPanel } from './settings-panel-provider.tsx';

export function SettingsButton({ className }: { className?: string }) {
  const { open } = useSettingsPanel();
  return (
    <Button
      type="button"
      icon="pi pi-cog"
      rounded
      text
      severity="secondary"
      className={className}
      aria-label="Settings"
      aria-haspopup="dialog"
      onClick={open}
    />
  );
}
