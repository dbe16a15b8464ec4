/**
 * The viewer's mark over a playing lecture: their masked phone (or email) and order id, drawn by
 * the page on a small canvas (no image is fetched, no font is loaded), semi-transparent, and
 * moved to a new place every few seconds, never into the band where players keep their controls.
 *
 * It is not a React element: it lives beside the frame, kept there by a MutationObserver and a
 * check every second. Removing its node brings a new one back; a stylesheet cannot hide it
 * either, because its own styles are set inline with !important (which beats any page rule) and a
 * computed style that hides it anyway gets it replaced.
 */

export const WATERMARK_MOVE_MS = 4000;
const CHECK_MS = 1000;
/** Players keep their controls along the bottom; the mark stays above this share of the height. */
const CONTROLS_BAND = 0.3;
/** And below the title bar some players show at the top. */
const TOP_BAND = 0.06;

type Options = {
  text: string;
  /** Its accessible name, such as "Viewer mark: ••••••3210 · #42". */
  label: string;
  /** Under prefers-reduced-motion the mark holds still; its place then comes from the part number. */
  seed: number;
};

const styles: Record<string, string> = {
  position: 'absolute',
  display: 'block',
  visibility: 'visible',
  opacity: '1',
  'pointer-events': 'none',
  'z-index': '2147483647',
  transform: 'none',
  filter: 'none',
  'clip-path': 'none',
  mask: 'none',
  'mix-blend-mode': 'normal',
  margin: '0',
  padding: '0',
  border: '0',
  'max-width': 'none',
  'max-height': 'none',
  'user-select': 'none',
};

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A small deterministic sequence, so that each part's still mark sits in a different place. */
function seeded(seed: number): () => number {
  let state = (seed + 1) * 2654435761;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export function mountWatermark(host: HTMLElement, options: Options): () => void {
  const still = seeded(options.seed);
  let canvas = draw();
  let place = { x: 0, y: 0 };
  let mover: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  function draw(): HTMLCanvasElement {
    const element = document.createElement('canvas');
    const ratio = Math.min(window.devicePixelRatio || 1, 3);
    const context = element.getContext('2d');
    const font = '600 13px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
    let width = 160;
    if (context) {
      context.font = font;
      width = Math.ceil(context.measureText(options.text).width) + 12;
    }
    const height = 22;
    element.width = width * ratio;
    element.height = height * ratio;
    if (context) {
      context.scale(ratio, ratio);
      context.font = font;
      context.textBaseline = 'middle';
      context.lineJoin = 'round';
      // Light text with a dark edge reads on both bright and dark video, while letting it show through.
      context.lineWidth = 3;
      context.strokeStyle = 'rgba(0, 0, 0, 0.45)';
      context.strokeText(options.text, 6, height / 2);
      context.fillStyle = 'rgba(255, 255, 255, 0.6)';
      context.fillText(options.text, 6, height / 2);
    }
    element.setAttribute('role', 'img');
    element.setAttribute('aria-label', options.label);
    element.dataset.watermark = '';
    for (const [name, value] of Object.entries(styles)) element.style.setProperty(name, value, 'important');
    element.style.setProperty('width', `${width}px`, 'important');
    element.style.setProperty('height', `${height}px`, 'important');
    return element;
  }

  function size() {
    return { width: parseFloat(canvas.style.width) || 160, height: parseFloat(canvas.style.height) || 22 };
  }

  function position() {
    canvas.style.setProperty('left', `${place.x}%`, 'important');
    canvas.style.setProperty('top', `${place.y}%`, 'important');
  }

  /** A new place inside the host, away from the controls' band, and away from the last one. */
  function move(random: () => number = Math.random) {
    const box = host.getBoundingClientRect();
    const { width, height } = size();
    const maxX = box.width > width ? ((box.width - width) / box.width) * 100 : 0;
    const maxY = box.height > 0 ? Math.max(TOP_BAND * 100, (1 - CONTROLS_BAND) * 100 - (height / box.height) * 100) : 50;
    let next = place;
    for (let tries = 0; tries < 8; tries += 1) {
      next = { x: random() * maxX, y: TOP_BAND * 100 + random() * (maxY - TOP_BAND * 100) };
      if (Math.abs(next.x - place.x) + Math.abs(next.y - place.y) > 15) break;
    }
    place = next;
    position();
  }

  /** Puts the mark back when it was removed, restyled or hidden by a stylesheet. */
  function keep() {
    // Nothing to guard while the frame itself is not laid out (it left the page, or is being replaced).
    if (stopped || !host.isConnected || host.getBoundingClientRect().width === 0) return;
    const hidden = (() => {
      if (!canvas.isConnected || canvas.parentElement !== host) return true;
      const computed = getComputedStyle(canvas);
      return computed.display === 'none' || computed.visibility !== 'visible' || Number(computed.opacity) < 0.99 || canvas.getBoundingClientRect().width < 10;
    })();
    if (hidden) {
      canvas.remove();
      canvas = draw();
      host.append(canvas);
      position();
    } else if (host.lastElementChild !== canvas) {
      host.append(canvas);
    }
  }

  const observer = new MutationObserver(() => keep());
  observer.observe(host, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class', 'hidden', 'width', 'height'] });
  const checker = setInterval(keep, CHECK_MS);

  function startMoving() {
    clearInterval(mover);
    mover = reducedMotion() ? undefined : setInterval(() => move(), WATERMARK_MOVE_MS);
  }
  const motion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  motion?.addEventListener('change', startMoving);

  host.append(canvas);
  move(still);
  startMoving();

  return () => {
    stopped = true;
    observer.disconnect();
    clearInterval(checker);
    clearInterval(mover);
    motion?.removeEventListener('change', startMoving);
    canvas.remove();
  };
}
