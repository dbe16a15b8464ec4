import { type RefObject, useEffect, useRef } from 'react';
import { normaliseVideoLink } from '../../../shared/video-links';
import { createWatchCounter, isMeasurable, listenMessages, readPlayerMessage, targetOrigin } from './watch-tracker';

/** How often what was played is sent to the server while a lecture plays. */
const REPORT_EVERY_MS = 15_000;

/**
 * Follows a playing YouTube or Vimeo frame and reports the seconds played and the video's length:
 * every 15 seconds while they grow, at once when the video ends, and when the page goes away. The
 * server decides whether that makes the lecture done.
 */
export function useWatchTracking(frame: RefObject<HTMLIFrameElement | null>, src: string, report: (watchedSeconds: number, durationSeconds: number) => void) {
  const latest = useRef(report);
  latest.current = report;

  useEffect(() => {
    const provider = normaliseVideoLink(src)?.provider;
    const iframe = frame.current;
    if (!iframe || !isMeasurable(provider)) return;
    const counter = createWatchCounter();
    let sent = -1;
    let answered = false;
    const send = () => {
      const duration = counter.durationSeconds;
      const watched = Math.floor(counter.watchedSeconds);
      if (duration === null || watched <= sent) return;
      sent = watched;
      latest.current(watched, duration);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow) return;
      const reading = readPlayerMessage(provider, event.origin, event.data);
      if (!reading) return;
      answered = true;
      counter.read(reading);
      if (reading.ended) send();
    };
    const listen = () => {
      for (const message of listenMessages(provider)) iframe.contentWindow?.postMessage(message, targetOrigin(provider, src));
    };
    // Asked again each second until the player answers (it may not be ready when the frame loads).
    let asks = 0;
    const asking = window.setInterval(() => {
      if (answered || asks >= 20) window.clearInterval(asking);
      else {
        asks += 1;
        listen();
      }
    }, 1000);
    const reporting = window.setInterval(send, REPORT_EVERY_MS);
    const onHide = () => {
      if (document.visibilityState === 'hidden') send();
    };
    window.addEventListener('message', onMessage);
    iframe.addEventListener('load', listen);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      send();
      window.clearInterval(asking);
      window.clearInterval(reporting);
      window.removeEventListener('message', onMessage);
      iframe.removeEventListener('load', listen);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [frame, src]);
}
