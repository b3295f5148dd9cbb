import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { PromoPanels } from '../components/promo-panels.tsx';
import { TeaserVideo } from '../components/teaser-video.tsx';
import '../landing.css';
import { useTranslation } from 'react-i18next';
import { localePath, type UiLocale } from '../../../lib/i18n/i18n.ts';

interface LandingPageProps {
  /** Opens the sign-up dialog, which belongs to another feature and so is passed in. */
  onSignUp: () => void;
}

/** What a visitor sees at /{locale}/dist: the teaser, Sign In and Sign Up, and the promo panels. */
export function LandingPage({ onSignUp }: LandingPageProps) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('landing.title'));
  const config = usePublicConfig();
  // The footer may have fetched the configuration before this page's code arrived: hydration still draws the
  // page as prerendered, without it, and the next render shows it.
  const loaded = useHydrated() ? config : undefined;
  const links = loaded?.data?.links;

  return (
    <>
      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="landing-hero-text">
          <p className="landing-eyebrow">{t('landing.eyebrow')}</p>
          <h1 id="landing-title" className="landing-title">
            {t('landing.heading')}
          </h1>
          <p className="landing-lead">{t('landing.lead')}</p>
          <ul className="landing-facts">
            <li>
              <i className="pi pi-file-pdf" aria-hidden="true" /> {t('landing.pdfEditions')}
            </li>
            <li>
              <i className="pi pi-language" aria-hidden="true" /> {t('landing.manyLanguages')}
            </li>
            <li>
              <i className="pi pi-calendar" aria-hidden="true" /> {t('landing.eachMonth')}
            </li>
          </ul>
          <div className="landing-actions">
            {/* /{locale}/login is this page with the Sign In dialog open. */}
            {/* A link: it works before the page's scripts have run. */}
            <Link
              to={localePath(i18n.language as UiLocale, 'login')}
              className="p-button p-component p-button-outlined"
            >
              <i className="pi pi-sign-in mr-2" aria-hidden="true" />
              {t('common.signIn')}
            </Link>
            <Button type="button" label={t('common.signUp')} icon="pi pi-user-plus" onClick={onSignUp} />
          </div>
        </div>
        <TeaserVideo src={links?.teaserVideo} />
      </section>

      <section className="landing-section" aria-labelledby="promo-title">
        <h2 id="promo-title" className="landing-section-title">
          {t('landing.moreWays')}
        </h2>
        {loaded?.isError && <Message severity="error" text={t('errors.occurred', { detail: loaded.error.message })} />}
        {!links && !loaded?.isError && <Skeleton height="10rem" borderRadius="1rem" />}
        {links && <PromoPanels links={links} />}
      </section>
    </>
  );
}
