/**
 * How much of a lecture was really played, read from the YouTube or Vimeo player in its iframe
 * through the messages those players post to the page (their documented postMessage protocol):
 * no script of theirs is loaded into the site, and the Content Security Policy stays as it is
 * (frames from the video hosts only). Drive's player tells nothing: its lectures are ticked by hand.
 */
import { normaliseVideoLink, type VideoProvider } from '../../../shared/video-links';

const youtubeOrigins = new Set(['https://www.youtube-nocookie.com', 'https://www.youtube.com']);
const vimeoOrigin = 'https://player.vimeo.com';

/** What one player message says: where playback is and how long the video is (seconds), if it says so. */
export type PlayerReading = { time: number | null; duration: number | null; ended: boolean };

/** The iframe's address with what its player needs to talk to this page (YouTube: enablejsapi and our origin). */
export function trackableUrl(src: string, origin: string): string {
  const link = normaliseVideoLink(src);
  if (link?.provider !== 'youtube') return src;
  const url = new URL(src);
  url.searchParams.set('enablejsapi', '1');
  url.searchParams.set('origin', origin);
  return url.toString();
}

/** Whether the player of this host reports where playback is. */
export function isMeasurable(provider: VideoProvider | undefined): provider is 'youtube' | 'vimeo' {
  return provider === 'youtube' || provider === 'vimeo';
}

/** The messages that ask the player to report (sent after the frame loads, and again until it answers). */
export function listenMessages(provider: 'youtube' | 'vimeo'): string[] {
  if (provider === 'youtube') return [JSON.stringify({ event: 'listening', id: 1, channel: 'widget' })];
  return ['timeupdate', 'ended'].map((event) => JSON.stringify({ method: 'addEventListener', value: event }));
}

export function targetOrigin(provider: 'youtube' | 'vimeo', src: string): string {
  return provider === 'youtube' ? new URL(src).origin : vimeoOrigin;
}

const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);

/** Reads a message from the player's origin; anything else (another origin, another shape) is null. */
export function readPlayerMessage(provider: 'youtube' | 'vimeo', origin: string, data: unknown): PlayerReading | null {
  if (provider === 'youtube' ? !youtubeOrigins.has(origin) : origin !== vimeoOrigin) return null;
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!message || typeof message !== 'object') return null;
  const { event } = message as { event?: unknown };
  if (provider === 'youtube') {
    const info = (message as { info?: unknown }).info;
    if ((event !== 'infoDelivery' && event !== 'initialDelivery') || !info || typeof info !== 'object') return null;
    const fields = info as { currentTime?: unknown; duration?: unknown; playerState?: unknown };
    return { time: number(fields.currentTime), duration: number(fields.duration), ended: fields.playerState === 0 };
  }
  const payload = (message as { data?: unknown }).data as { seconds?: unknown; duration?: unknown } | undefined;
  if (event === 'timeupdate' && payload) return { time: number(payload.seconds), duration: number(payload.duration), ended: false };
  if (event === 'ended') return { time: number(payload?.seconds), duration: number(payload?.duration), ended: true };
  return null;
}

/**
 * Adds up the seconds played: each forward step of the playback position of at most
 * MAX_STEP_SECONDS counts (a seek forward, a longer jump, does not), so skipping to the end is not watching.
 */
export const MAX_STEP_SECONDS = 5;

export function createWatchCounter() {
  let last: number | null = null;
  let watched = 0;
  let duration: number | null = null;
  return {
    read(reading: PlayerReading): void {
      if (reading.duration && reading.duration > 0) duration = reading.duration;
      if (reading.time === null) return;
      if (last !== null) {
        const step = reading.time - last;
        if (step > 0 && step <= MAX_STEP_SECONDS) watched += step;
      }
      last = reading.time;
    },
    get watchedSeconds(): number {
      return duration === null ? watched : Math.min(watched, duration);
    },
    get durationSeconds(): number | null {
      return duration;
    },
  };
}
