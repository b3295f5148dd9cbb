import { REFRESH_TOKEN_DAYS } from '@portal/contract';
import { type ReactNode, useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { PRIVACY_SECTION_ID, usePublicConfig } from '../../../lib/public-config.ts';

/** The operator's site, its text given by the sentence it stands in. */
function HomeLink({ href, children }: { href?: string | undefined; children?: ReactNode }) {
  return <a href={href}>{children}</a>;
}

/**
 * The terms and privacy notice of an installation that has not set TERMS_URL or PRIVACY_URL: who runs the
 * portal, what using it asks, and what it stores (decision 024).
 */
export function TermsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('terms.title'));
  const { hash } = useLocation();
  const config = usePublicConfig().data;
  const operator = config?.operator ?? t('terms.operator');
  const home = config?.links.home;
  const host = home ? new URL(home).host : '';
  // Not <link>: Trans takes it for HTML's empty element and drops what it holds.
  const tags = { strong: <strong />, site: <HomeLink href={home} /> };

  // The privacy link points into this page, which is drawn only once its code has loaded.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <article
      className="surface-card border-round-xl shadow-1 p-4 md:p-5 mx-auto w-full line-height-3"
      style={{ maxWidth: '48rem' }}
      aria-labelledby="page-title"
    >
      <h1 id="page-title" className="text-2xl font-semibold mt-0 mb-3">
        {t('terms.title')}
      </h1>
      <p>
        <Trans i18nKey={home ? 'terms.runByWithHome' : 'terms.runBy'} values={{ operator, host }} components={tags} />
      </p>

      <h2 id="terms" className="text-xl font-semibold mt-4 mb-2">
        {t('terms.useTitle')}
      </h2>
      <ul className="pl-4 mt-0">
        <li>{t('terms.ownAddress')}</li>
        <li>{t('terms.ownReading', { operator })}</li>
        <li>{t('terms.stop')}</li>
      </ul>

      <h2 id={PRIVACY_SECTION_ID} className="text-xl font-semibold mt-4 mb-2">
        {t('terms.storesTitle')}
      </h2>
      <ul className="pl-4 mt-0">
        <li>{t('terms.storesAccount')}</li>
        <li>{t('terms.storesDownloads')}</li>
        <li>{t('terms.storesSession', { days: REFRESH_TOKEN_DAYS })}</li>
        <li>{t('terms.storesLog')}</li>
        <li>{t('terms.storesMails')}</li>
      </ul>
      <p className="mb-0">
        <Trans
          i18nKey={home ? 'terms.contactWithHome' : 'terms.contact'}
          values={{ operator, host }}
          components={tags}
        />
      </p>
    </article>
  );
}
