import { useTranslation } from 'react-i18next';
import { type InstallationLink, installationLink } from '../../../lib/public-config.ts';

type PromoLink = Extract<InstallationLink, 'sponsor' | 'audio' | 'braille' | 'publications'>;

/** The panels' links, in their order; their words are `landing.<link>.title` and `.text` in the catalogue. */
const PANELS: { link: PromoLink; icon: string }[] = [
  { link: 'sponsor', icon: 'pi-heart' },
  { link: 'audio', icon: 'pi-headphones' },
  { link: 'braille', icon: 'pi-th-large' },
  { link: 'publications', icon: 'pi-book' },
];

/** The installation's four links, each a panel: plain links through the server, drawn with the page (decision 039). */
export function PromoPanels() {
  const { t } = useTranslation();
  const words: Record<PromoLink, { title: string; text: string }> = {
    sponsor: { title: t('landing.sponsor.title'), text: t('landing.sponsor.text') },
    audio: { title: t('landing.audio.title'), text: t('landing.audio.text') },
    braille: { title: t('landing.braille.title'), text: t('landing.braille.text') },
    publications: { title: t('landing.publications.title'), text: t('landing.publications.text') },
  };
  return (
    <ul className="grid list-none p-0">
      {PANELS.map((panel) => (
        <li key={panel.link} className="col-12 sm:col-6 xl:col-3">
          <article className="promo-panel surface-card border-round-xl shadow-1 h-full">
            <span className="promo-panel-icon border-circle" aria-hidden="true">
              <i className={`pi ${panel.icon}`} />
            </span>
            <h3 className="text-lg font-semibold mt-3 mb-2">
              <a className="promo-panel-link" href={installationLink(panel.link)} target="_blank" rel="noopener">
                {words[panel.link].title}
                <span className="sr-only">{t('app.opensInNewTab')}</span>
              </a>
            </h3>
            <p className="text-muted line-height-3 m-0">{words[panel.link].text}</p>
            <i className="promo-panel-arrow pi pi-arrow-up-right" aria-hidden="true" />
          </article>
        </li>
      ))}
    </ul>
  );
}
