import Bowser from 'bowser';

/** How a device is named in the device list: its browser, phone model and system, as far as known. */
export type DeviceLabel = { browser: string | null; model: string | null; os: string | null };

const MAX_USER_AGENT = 400;

/** What is kept of a User-Agent header: trimmed, at most 400 characters, or null. */
export function keptUserAgent(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const value = header.trim();
  return value ? value.slice(0, MAX_USER_AGENT) : null;
}

/** The client hint `Sec-CH-UA-Model` is a quoted string, such as `"SM-A135F"`; empty on computers. */
export function modelFromHint(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const value = header
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
  return value && value.length <= 60 && /^[\p{L}\p{N} ._()+-]+$/u.test(value) ? value : null;
}

/**
 * The model an Android browser names between `Android 12;` and `)` or ` Build/`. Chrome's reduced
 * User-Agent writes `K` there instead of the model, which names nothing.
 */
function androidModel(userAgent: string): string | null {
  const match = /Android [\d.]+; (?:[a-z]{2}[-_][a-z]{2}; )?([^;)]+?)(?: Build\/[^;)]*)?(?:;[^)]*)?\)/i.exec(userAgent);
  const model = match?.[1]?.replace(/^SAMSUNG /i, '').trim();
  if (!model || model === 'K' || /^(wv|Mobile|Tablet|Linux|U)$/i.test(model)) return null;
  return model;
}

const browserNames: Record<string, string> = {
  'Samsung Internet for Android': 'Samsung Internet',
  'Microsoft Edge': 'Edge',
  'Chrome': 'Chrome',
};

/** Names a session's device from what its browser sent at login; the client words it. */
export function deviceLabel(userAgent: string | null, deviceModel: string | null): DeviceLabel {
  if (!userAgent) return { browser: null, model: deviceModel, os: null };
  const parsed = Bowser.parse(userAgent);
  const rawBrowser = parsed.browser.name ?? null;
  const browser = rawBrowser ? (browserNames[rawBrowser] ?? rawBrowser) : null;
  const rawOs = parsed.os.name ?? null;
  const os = rawOs === 'macOS' ? 'Mac' : rawOs;
  const model = deviceModel ?? (rawOs === 'Android' ? androidModel(userAgent) : null) ?? parsed.platform.model ?? null;
  return { browser, model: model === os ? null : model, os };
}
