import type { Locale } from '@portal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { changeLocale } from '../lib/i18n/i18n.ts';

/** The pages under /{locale}: the portal speaks the address's language, and remembers it as the visitor's choice. */
export function LocaleOfAddress({ locale }: { locale: Locale }) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== locale) void changeLocale(locale);
  }, [i18n.language, locale]);
  return <Outlet />;
}
