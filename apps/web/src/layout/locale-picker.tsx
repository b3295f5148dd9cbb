import { LOCALE_NAMES, LOCALES, type Locale } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { activeLocale, changeLocale, localeOfPath, localePath, withLocale } from '../lib/i18n/i18n.ts';
import { updateOwnLocale } from '../lib/session/own-locale.ts';
import { useSession } from '../lib/session/session-provider.tsx';

/** Where a language's link goes without scripts: this page in it when the address has a locale, else its landing page. */
const pageIn = (pathname: string, locale: Locale) =>
  localeOfPath(pathname) ? withLocale(pathname, locale) : localePath(locale, 'dist');

/**
 * The language of the portal, on every page's top bar: a globe and the language's code that open a list of the
 * languages, each a plain link (decision 039): before any script has run it opens the page in that language
 * (/fr/dist from /en/dist); once they have, the page stays (an address with a locale gets the new one), and the
 * choice is remembered in this browser and, for someone signed in, on their account.
 */
export function LocalePicker() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);

  // Open, it closes when the visitor clicks or tabs anywhere else.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (details.current && !details.current.contains(event.target as Node)) details.current.open = false;
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);

  // One locale is no choice.
  if (LOCALES.length < 2) return null;
  const current = activeLocale();

  const choose = async (locale: Locale) => {
    if (details.current) details.current.open = false;
    await changeLocale(locale);
    const path = withLocale(pathname, locale);
    if (path !== pathname) navigate(`${path}${search}${hash}`, { replace: true });
    if (user) await updateOwnLocale(user.id, locale);
  };

  return (
    <details
      ref={details}
      className="locale-picker"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !details.current?.open) return;
        details.current.open = false;
        details.current.querySelector('summary')?.focus();
      }}
    >
      <summary className="p-button p-component p-button-text p-button-secondary">
        <i className="pi pi-globe" aria-hidden="true" />
        <span className="sr-only">{t('app.languagePicker')}: </span>
        <span className="locale-picker-code" lang={current}>
          {current.toUpperCase()}
        </span>
      </summary>
      <ul className="locale-picker-list">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={pageIn(pathname, locale)}
              lang={locale}
              hrefLang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault();
                void choose(locale);
              }}
            >
              {LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
