import { useEffect, useRef, useState } from 'react';
import { normaliseVideoLink, playerUrl, videoThumbnailUrl } from '../../../shared/video-links';
import { useCatalogMessages } from './catalog-messages';
import { mountWatermark } from './watermark';
import { useWatchTracking } from '../progress/use-watch-tracking';
import { trackableUrl } from '../progress/watch-tracker';

type Props = {
  /** The stored embed URL. */
  video: string;
  /** Names the frame once it plays, such as "Part 2 · Introduction". */
  title: string;
  /** Names the play button, such as "Play part 2". */
  playLabel: string;
  /** Drawn over the playing video: the viewer's masked phone (or email) and order id. */
  watermark: { viewer: string; order: string | null } | null;
  /** The part's position: a still mark (reduced motion) sits in a different place on each part. */
  part: number;
  /** Called once when the learner taps play (the lecture is started). */
  onPlay?: () => void;
  /** What the player says was played so far (YouTube and Vimeo), for the server to decide whether it is done. */
  onWatched?: (watchedSeconds: number, durationSeconds: number) => void;
};

/** The frame and the viewer's mark over it, kept there while the part plays. */
function Screen({
  src,
  title,
  watermark,
  part,
  onWatched,
}: {
  src: string;
  title: string;
  watermark: Props['watermark'];
  part: number;
  onWatched: Props['onWatched'];
}) {
  const { t } = useCatalogMessages();
  const screen = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  useWatchTracking(frame, src, (watched, duration) => onWatched?.(watched, duration));
  const text = watermark ? [watermark.viewer, watermark.order].filter(Boolean).join(' · ') : '';
  const label = t('player.watermark', { text });

  useEffect(() => {
    if (!screen.current || !text) return;
    return mountWatermark(screen.current, { text, label, seed: part });
  }, [text, label, part]);

  return (
    <div className="player__frame" ref={screen}>
      {/* No allowfullscreen: full screen is the player's own, on the frame and the mark together. */}
      <iframe ref={frame} src={src} title={title} allow="autoplay; encrypted-media; picture-in-picture" referrerPolicy="strict-origin-when-cross-origin" />
    </div>
  );
}

type Lockable = ScreenOrientation & { lock?: (orientation: string) => Promise<void> };

/**
 * Full screen on the element that holds the frame and the mark, so the mark stays. Where the
 * browser has no element full screen (iPhone Safari), the stage fills the window instead.
 */
function useFullScreen(stage: React.RefObject<HTMLDivElement | null>) {
  const [native, setNative] = useState(false);
  const [filled, setFilled] = useState(false);

  useEffect(() => {
    const changed = () => setNative(document.fullscreenElement !== null && document.fullscreenElement === stage.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [stage]);

  useEffect(() => {
    if (!filled) return;
    const leaveOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setFilled(false);
    document.addEventListener('keydown', leaveOnEscape);
    document.documentElement.classList.add('player-filled');
    return () => {
      document.removeEventListener('keydown', leaveOnEscape);
      document.documentElement.classList.remove('player-filled');
    };
  }, [filled]);

  function toggle() {
    const element = stage.current;
    if (!element) return;
    if (native) {
      void document.exitFullscreen().catch(() => {});
    } else if (filled) {
      setFilled(false);
    } else if (document.fullscreenEnabled && typeof element.requestFullscreen === 'function') {
      element.requestFullscreen({ navigationUI: 'hide' }).then(
        () => {
          // Phones turn the video sideways where the browser allows it; nothing is lost where it does not.
          (screen.orientation as Lockable | undefined)?.lock?.('landscape')?.catch(() => {});
        },
        () => setFilled(true),
      );
    } else {
      setFilled(true);
    }
  }

  return { on: native || filled, filled, toggle };
}

/**
 * A lecture's video. Until the learner taps play it is a light poster (YouTube's thumbnail, or a
 * plain one for the other hosts): no player script, iframe or viewer's mark is loaded before
 * that, which matters on mobile data. Give it a `key` per lecture so each part starts as a poster again.
 */
export function VideoPlayer({ video, title, playLabel, watermark, part, onPlay, onWatched }: Props) {
  const { t } = useCatalogMessages();
  const [playing, setPlaying] = useState(false);
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const fullScreen = useFullScreen(stage);
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
      <div ref={stage} className={fullScreen.filled ? 'player__stage player__stage--filled' : 'player__stage'}>
        <Screen src={trackableUrl(playerUrl(link), window.location.origin)} title={title} watermark={watermark} part={part} onWatched={onWatched} />
        <div className="player__tools">
          <button type="button" className="button player__fullscreen" onClick={fullScreen.toggle} aria-pressed={fullScreen.on}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d={fullScreen.on ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'}
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {fullScreen.on ? t('player.exitFullscreen') : t('player.fullscreen')}
          </button>
        </div>
      </div>
    );
  }

  const thumbnail = thumbnailFailed ? null : videoThumbnailUrl(link);
  return (
    <div className="player__frame player__frame--poster">
      <button
        type="button"
        className="player__poster"
        onClick={() => {
          setPlaying(true);
          onPlay?.();
        }}
        aria-label={playLabel}
      >
        {thumbnail && <img src={thumbnail} alt="" width={480} height={360} onError={() => setThumbnailFailed(true)} />}
        <span className="player__play" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </span>
      </button>
    </div>
  );
}
