import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { installationLink } from '../../../lib/public-config.ts';

/**
 * The teaser: its poster and one Play button, a single tab stop on the way through the page, until the visitor
 * plays it; then the video with its own controls, focused. Nothing but the poster is fetched before that.
 */
export function TeaserVideo() {
  const src = installationLink('teaserVideo');
  const [playing, setPlaying] = useState(false);
  const { t } = useTranslation();
  return (
    <div className="teaser-video">
      {playing ? (
        // biome-ignore lint/a11y/useMediaCaption: the installation configures no caption file for its teaser yet.
        <video
          controls
          autoPlay
          poster="/teaser-poster.svg"
          aria-label={t('landing.teaser.label')}
          ref={(video) => video?.focus()}
        >
          <source src={src} />
          <a href={src}>{t('landing.teaser.watch')}</a>
        </video>
      ) : (
        <button type="button" className="teaser-video-play" onClick={() => setPlaying(true)}>
          <img src="/teaser-poster.svg" alt="" />
          <span className="teaser-video-play-icon" aria-hidden="true">
            <i className="pi pi-play" />
          </span>
          <span className="sr-only">{t('landing.teaser.play')}</span>
        </button>
      )}
    </div>
  );
}
