import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePolicyLinks } from '../lib/public-config.ts';

interface PolicyLinkProps {
  to: keyof ReturnType<typeof usePolicyLinks>;
  /** Opens even the built-in page in a new tab, as from a half-filled form. */
  newTab?: boolean;
  children?: ReactNode;
}

/** A link to the terms or the privacy notice: the installation's own page in a new tab, or the built-in one. */
export function PolicyLink({ to, newTab = false, children }: PolicyLinkProps) {
  const href = usePolicyLinks()[to];
  const { t } = useTranslation();
  if (href.startsWith('/') && !newTab) return <Link to={href}>{children}</Link>;
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <span className="sr-only">{t('app.opensInNewTab')}</span>
    </a>
  );
}
