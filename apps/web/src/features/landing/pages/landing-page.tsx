import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { PromoPanels } from '../components/promo-panels.tsx';
import { TeaserVideo } from '../components/teaser-video.tsx';
import { LANDING_HERO } from '../hero-text.ts';
import '../landing.css';

interface LandingPageProps {
  /** Opens the sign-up dialog, which belongs to another feature and so is passed in. */
  onSignUp: () => void;
}

/** What a visitor sees at /en/dist: the teaser, Sign In and Sign Up, and the promo panels. */
export function LandingPage({ onSignUp }: LandingPageProps) {
  useDocumentTitle('Welcome');
  const navigate = useNavigate();
  const config = usePublicConfig();
  // The footer may have fetched the configuration before this page's code arrived: hydration still draws the
  // page as prerendered, without it, and the next render shows it.
  const loaded = useHydrated() ? config : undefined;
  const links = loaded?.data?.links;

  return (
    <>
      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="landing-hero-text">
          <p className="landing-eyebrow">{LANDING_HERO.eyebrow}</p>
          <h1 id="landing-title" className="landing-title">
            {LANDING_HERO.title}
          </h1>
          <p className="landing-lead">{LANDING_HERO.lead}</p>
          <ul className="landing-facts">
            <li>
              <i className="pi pi-file-pdf" aria-hidden="true" /> PDF editions
            </li>
            <li>
              <i className="pi pi-language" aria-hidden="true" /> Many languages
            </li>
            <li>
              <i className="pi pi-calendar" aria-hidden="true" /> A new one each month
            </li>
          </ul>
          <div className="landing-actions">
            {/* /login is this page with the Sign In dialog open. */}
            <Button type="button" label="Sign In" icon="pi pi-sign-in" outlined onClick={() => navigate('/login')} />
            <Button type="button" label="Sign Up" icon="pi pi-user-plus" onClick={onSignUp} />
          </div>
        </div>
        <TeaserVideo src={links?.teaserVideo} />
      </section>

      <section className="landing-section" aria-labelledby="promo-title">
        <h2 id="promo-title" className="landing-section-title">
          More ways to take part
        </h2>
        {loaded?.isError && <Message severity="error" text={`An error has occurred: ${loaded.error.message}`} />}
        {!links && !loaded?.isError && <Skeleton height="10rem" borderRadius="1rem" />}
        {links && <PromoPanels links={links} />}
      </section>
    </>
  );
}
