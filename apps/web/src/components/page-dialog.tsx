import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import './page-dialog.css';

interface PageDialogProps {
  header: string;
  /** Where closing it (its button, Escape) goes. */
  closeTo: string;
  children: ReactNode;
}

/**
 * A page shown as a dialog over another (Sign In over the landing page), in the page's own markup: a prerendered
 * page shows it whole before any script runs, where PrimeReact's Dialog draws nothing until then (decision 053).
 * It looks like PrimeReact's dialogs (their classes and the theme's rules). Once the app runs it is the browser's
 * modal dialog: the page behind inert, Tab kept inside, Escape closing it; the field being typed in keeps the focus.
 */
export function PageDialog({ header, closeTo, children }: PageDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const typing = element.contains(document.activeElement) ? document.activeElement : null;
    // Drawn open (not modal) by the markup; showModal throws on a dialog open already.
    element.close();
    element.showModal();
    const focused = typing ?? element.querySelector('input');
    if (focused instanceof HTMLElement) focused.focus();
    return () => element.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      open
      className="page-dialog p-dialog p-component"
      aria-labelledby={title}
      onCancel={(event) => {
        event.preventDefault();
        navigate(closeTo, { replace: true });
      }}
    >
      <div className="p-dialog-header">
        <h2 id={title} className="p-dialog-title">
          {header}
        </h2>
        <div className="p-dialog-header-icons">
          {/* A link: before the app has come, or without scripts, the browser follows it itself. */}
          <Link
            to={closeTo}
            replace
            className="p-dialog-header-icon p-dialog-header-close p-link"
            aria-label={t('common.close')}
          >
            <span className="p-dialog-header-close-icon pi pi-times" aria-hidden="true" />
          </Link>
        </div>
      </div>
      <div className="p-dialog-content">{children}</div>
    </dialog>
  );
}
