import type { PublicConfig } from '@portal/contract';

type PromoLink = Extract<keyof PublicConfig['links'], 'sponsor' | 'audio' | 'braille' | 'publications'>;

const PANELS: { link: PromoLink; icon: string; title: string; text: string }[] = [
  {
    link: 'sponsor',
    icon: 'pi-heart',
    title: 'Sponsor a translation',
    text: 'Help bring Teevo and Take5 to teenagers in their own language.',
  },
  {
    link: 'audio',
    icon: 'pi-headphones',
    title: 'Listen to the audio format',
    text: 'Hear each month’s devotional read aloud, wherever you are.',
  },
  {
    link: 'braille',
    icon: 'pi-th-large',
    title: 'Request the Braille format',
    text: 'Order the devotional in Braille for blind and low-vision readers.',
  },
  {
    link: 'publications',
    icon: 'pi-book',
    title: 'Get other teen publications',
    text: 'Discover more devotionals and resources written for teenagers.',
  },
];

export function PromoPanels({ links }: { links: PublicConfig['links'] }) {
  return (
    <ul className="grid list-none p-0">
      {PANELS.map((panel) => (
        <li key={panel.link} className="col-12 sm:col-6 xl:col-3">
          <article className="promo-panel surface-card border-round-xl shadow-1 h-full">
            <span className="promo-panel-icon border-circle" aria-hidden="true">
              <i className={`pi ${panel.icon}`} />
            </span>
            <h3 className="text-lg font-semibold mt-3 mb-2">
              <a className="promo-panel-link" href={links[panel.link]} target="_blank" rel="noopener">
                {panel.title}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </h3>
            <p className="text-muted line-height-3 m-0">{panel.text}</p>
            <i className="promo-panel-arrow pi pi-arrow-up-right" aria-hidden="true" />
          </article>
        </li>
      ))}
    </ul>
  );
}
