interface TeaserVideoProps {
  src: string | undefined;
}

export function TeaserVideo({ src }: TeaserVideoProps) {
  return (
    <div className="teaser-video">
      {src && (
        // Nothing but the poster is fetched until the visitor presses play.
        // biome-ignore lint/a11y/useMediaCaption: the installation configures no caption file for its teaser yet.
        <video controls preload="none" poster="/teaser-poster.svg" aria-label="Teaser video">
          <source src={src} />
          <a href={src}>Watch the teaser video</a>
        </video>
      )}
    </div>
  );
}
