import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import './update-prompt.css';

interface UpdatePromptProps {
  /** Whether a new version's service worker is installed and waiting to take over. */
  waiting: boolean;
  onReload: () => void;
  onDismiss: () => void;
}

/**
 * Offers the new version without getting in the way. The live region is drawn before it has anything to say,
 * so that screen readers announce the offer when it comes.
 */
export function UpdatePrompt({ waiting, onReload, onDismiss }: UpdatePromptProps) {
  const { t } = useTranslation();
  return (
    <div role="status">
      {waiting && (
        <div className="update-prompt">
          <span>{t('pwa.updateReady')}</span>
          <Button label={t('pwa.reload')} size="small" onClick={onReload} />
          <Button label={t('pwa.later')} size="small" text onClick={onDismiss} />
        </div>
      )}
    </div>
  );
}
