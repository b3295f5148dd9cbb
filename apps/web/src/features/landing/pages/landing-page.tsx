import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { localePath, type UiLocale } from '../../../lib/i18n/i18n.ts';
import { PromoPanels } from '../components/promo-panels.tsx';
import { TeaserVideo } from '../components/teaser-video.tsx';
import '../landing.css';

interface LandingPageProps {
  /** Opens the sign-up dialog, which belongs to another feature and so is passed in. */
  onSignUp: () => void;
}

/** A click the browser would follow in this tab (not a new tab or window, nor a download). */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * What a visitor sees at /{locale}/dist: the teaser, Sign In and Sign Up, and the promo panels. Every one of them
 * is a link that works before the page's scripts have run (decision 039); once they have, Sign Up opens its dialog.
 */
export function LandingPage({ onSignUp }: LandingPageProps) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('landing.title'));
  const locale = i18n.language as UiLocale;

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
            <Link to={localePath(locale, 'login')} className="p-button p-component p-button-outlined">
              <i className="pi pi-sign-in mr-2" aria-hidden="true" />
              {t('common.signIn')}
            </Link>
            <Link
              to={localePath(locale, 'signup')}
              className="p-button p-component"
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                onSignUp();
              }}
            >
              <i className="pi pi-user-plus mr-2" aria-hidden="true" />
              {t('common.signUp')}
            </Link>
          </div>
        </div>
        <TeaserVideo />
      </section>

      <section className="landing-section" aria-labelledby="promo-title">
        <h2 id="promo-title" className="landing-section-title">
          {t('landing.moreWays')}
        </h2>
        <PromoPanels />
      </section>
    </>
  );
}
