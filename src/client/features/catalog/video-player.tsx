import { useState } from 'react';
import { normaliseVideoLink, playerUrl, videoThumbnailUrl } from '../../../shared/video-links';
import { useCatalogMessages } from './catalog-messages';

type Props = {
  /** The stored embed URL. */
  video: string;
  /** Names the frame once it plays, such as "Part 2 · Introduction". */
  title: string;
  /** Names the play button, such as "Play part 2". */
  playLabel: string;
};

/**
 * A lecture's video. Until the learner taps play it is a light poster (YouTube's thumbnail, or a
 * plain one for the other hosts): no player script or iframe is loaded before that, which matters
 * on mobile data. Give it a `key` per lecture so each part starts as a poster again.
 */
export function VideoPlayer({ video, title, playLabel }: Props) {
  const { t } = useCatalogMessages();
  const [playing, setPlaying] = useState(false);
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  // The server only stores links it normalised; checked again so nothing else is ever framed.
  const link = normaliseVideoLink(video);

  if (!link) {
    return (
      <div className="player__frame player__frame--poster">
        <p className="player__error">{t('player.cannotPlay')}</p>
      </div>
    );
  }

  if (playing) {
    return (
      <div className="player__frame">
        <iframe
          src={playerUrl(link)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }

  const thumbnail = thumbnailFailed ? null : videoThumbnailUrl(link);
  return (
    <div className="player__frame player__frame--poster">
      <button type="button" className="player__poster" onClick={() => setPlaying(true)} aria-label={playLabel}>
        {thumbnail && <img src={thumbnail} alt="" width={480} height={360} onError={() => setThumbnailFailed(true)} />}
        <span className="player__play" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="36" height="36">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </span>
      </button>
    </div>
  );
}
