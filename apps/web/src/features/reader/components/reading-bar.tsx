import { Button } from 'primereact/button';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nightChosen, rememberNight } from '../../../lib/editions/reading-memory.ts';

/** Night mode, remembered on the device for the reader and the text view alike. */
export function useNight() {
  const [night, setNight] = useState(nightChosen);
  const toggle = () => {
    rememberNight(!night);
    setNight(!night);
  };
  return { night, toggle };
}

interface ReadingBarProps {
  title: string;
  night: boolean;
  toggleNight: () => void;
  /** The page's own buttons, before night mode's. */
  children?: ReactNode;
}

/** The reader's and the text view's top bar: back to the member's editions, the title, their buttons, night mode. */
export function ReadingBar({ title, night, toggleNight, children }: ReadingBarProps) {
  const { t } = useTranslation();
  return (
    <header className="reader-bar">
      <Link to="/" className="p-button p-button-text p-button-rounded reader-back" aria-label={t('reader.back')}>
        <i className="pi pi-arrow-left" aria-hidden />
      </Link>
      <h1 className="reader-title">{title}</h1>
      {children}
      <Button
        type="button"
        icon={night ? 'pi pi-sun' : 'pi pi-moon'}
        rounded
        text
        aria-label={t('reader.night')}
        aria-pressed={night}
        onClick={toggleNight}
      />
    </header>
  );
}
