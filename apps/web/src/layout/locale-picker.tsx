import { LOCALE_NAMES, LOCALES, type Locale } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { activeLocale, changeLocale, withLocale } from '../lib/i18n/i18n.ts';
import { updateOwnLocale } from '../lib/session/own-locale.ts';
import { useSession } from '../lib/session/session-provider.tsx';

/**
 * The language of the portal, on every page's top bar: the page stays (an address with a locale gets the new
 * one), and the choice is remembered in this browser and, for someone signed in, on their account. A native
 * select: the phone's own picker, and no dropdown component in the landing page's scripts.
 */
export function LocalePicker() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  // One locale is no choice.
  if (LOCALES.length < 2) return null;

  const choose = async (locale: Locale) => {
    await changeLocale(locale);
    const path = withLocale(pathname, locale);
    if (path !== pathname) navigate(`${path}${search}${hash}`, { replace: true });
    if (user) await updateOwnLocale(user.id, locale);
  };

  return (
    <span className="locale-picker">
      <i className="pi pi-globe" aria-hidden="true" />
      <select
        className="p-inputtext p-component"
        value={activeLocale()}
        onChange={(event) => void choose(event.target.value as Locale)}
        aria-label={t('app.languagePicker')}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </span>
  );
}
