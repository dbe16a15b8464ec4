/**
 * Lecture video links. Admins paste whatever their browser or phone shows (a YouTube watch,
 * share, shorts or embed link, a Vimeo page or player link, a Google Drive share link); the
 * server stores only the embed URL of that one video on one of three hosts. Anything else
 * (another host, a `javascript:` link, a playlist, a link with a login or a port) is refused, so
 * no other address can ever reach the player's iframe. Used by the server (to store) and by the
 * client (to show a thumbnail and start the player).
 */

export type VideoProvider = 'youtube' | 'vimeo' | 'drive';

export type VideoLink = {
  provider: VideoProvider;
  /** The provider's id of the video. */
  id: string;
  /** The only form that is stored and framed. */
  embedUrl: string;
};

const MAX_VIDEO_LINK_LENGTH = 2048;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
/** Eleven letters, so shaped like an id, but a playlist and a channel's live stream: not one video. */
const YOUTUBE_NOT_IDS = new Set(['videoseries', 'live_stream']);
const VIMEO_ID = /^\d{1,12}$/;
/** The privacy hash of an unlisted Vimeo video: without it the player refuses to play. */
const VIMEO_HASH = /^[0-9a-f]{6,32}$/i;
const DRIVE_ID = /^[A-Za-z0-9_-]{10,100}$/;

const youtubeHosts = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const youtubeShortHosts = new Set(['youtu.be', 'www.youtu.be']);
const vimeoHosts = new Set(['vimeo.com', 'www.vimeo.com']);
const vimeoPlayerHosts = new Set(['player.vimeo.com']);
const driveHosts = new Set(['drive.google.com', 'docs.google.com']);

/** Path forms of YouTube that carry the video id as the next segment. */
const youtubeIdSegments = new Set(['embed', 'shorts', 'live', 'v', 'e']);

function parseHttpUrl(raw: string): URL | null {
  const text = raw.trim();
  if (!text || text.length > MAX_VIDEO_LINK_LENGTH || /\s/.test(text)) return null;
  // "youtu.be/abc" as typed on a phone, without a scheme.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  return url;
}

function segmentsOf(url: URL): string[] {
  return url.pathname.split('/').filter(Boolean);
}

function youtube(id: string | null | undefined): VideoLink | null {
  if (!id || !YOUTUBE_ID.test(id) || YOUTUBE_NOT_IDS.has(id)) return null;
  return { provider: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
}

function vimeo(id: string | null | undefined, hash: string | null | undefined): VideoLink | null {
  if (!id || !VIMEO_ID.test(id)) return null;
  if (hash && !VIMEO_HASH.test(hash)) return null;
  const query = hash ? `?h=${hash.toLowerCase()}` : '';
  return { provider: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}${query}` };
}

function drive(id: string | null | undefined): VideoLink | null {
  if (!id || !DRIVE_ID.test(id)) return null;
  return { provider: 'drive', id, embedUrl: `https://drive.google.com/file/d/${id}/preview` };
}

function fromYoutube(url: URL, segments: string[]): VideoLink | null {
  const [first, second] = segments;
  if (first === 'watch' && segments.length === 1) return youtube(url.searchParams.get('v'));
  if (first && youtubeIdSegments.has(first) && segments.length === 2) return youtube(second);
  return null;
}

function fromVimeoPage(url: URL, segments: string[]): VideoLink | null {
  const hashParam = url.searchParams.get('h');
  // vimeo.com/ID and vimeo.com/ID/HASH (an unlisted video's share link)
  if (segments.length <= 2 && VIMEO_ID.test(segments[0] ?? '')) return vimeo(segments[0], segments[1] ?? hashParam);
  // vimeo.com/channels/NAME/ID
  if (segments[0] === 'channels' && segments.length === 3) return vimeo(segments[2], hashParam);
  // vimeo.com/groups/NAME/videos/ID, vimeo.com/album/N/video/ID, vimeo.com/showcase/N/video/ID
  if (
    segments.length === 4 &&
    ((segments[0] === 'groups' && segments[2] === 'videos') || ((segments[0] === 'album' || segments[0] === 'showcase') && segments[2] === 'video'))
  ) {
    return vimeo(segments[3], hashParam);
  }
  return null;
}

function fromVimeoPlayer(url: URL, segments: string[]): VideoLink | null {
  if (segments[0] === 'video' && segments.length === 2) return vimeo(segments[1], url.searchParams.get('h'));
  return null;
}

function fromDrive(url: URL, segments: string[]): VideoLink | null {
  // A signed-in browser shows /u/0/file/d/ID/view; the account number does not matter.
  const rest = segments[0] === 'u' && /^\d+$/.test(segments[1] ?? '') ? segments.slice(2) : segments;
  if (rest[0] === 'file' && rest[1] === 'd' && (rest.length === 3 || (rest.length === 4 && ['view', 'preview', 'edit'].includes(rest[3]!)))) {
    return drive(rest[2]);
  }
  if ((rest[0] === 'open' || rest[0] === 'uc') && rest.length === 1) return drive(url.searchParams.get('id'));
  return null;
}

/** The embed form of a supported video link, or null when the link is not one. */
export function normaliseVideoLink(raw: string): VideoLink | null {
  if (typeof raw !== 'string') return null;
  const url = parseHttpUrl(raw);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const segments = segmentsOf(url);
  if (youtubeHosts.has(host)) return fromYoutube(url, segments);
  if (youtubeShortHosts.has(host)) return segments.length === 1 ? youtube(segments[0]) : null;
  if (vimeoHosts.has(host)) return fromVimeoPage(url, segments);
  if (vimeoPlayerHosts.has(host)) return fromVimeoPlayer(url, segments);
  if (driveHosts.has(host)) return fromDrive(url, segments);
  return null;
}

/** A light picture of the video to show before the learner taps play; only YouTube has one without an API call. */
export function videoThumbnailUrl(link: VideoLink): string | null {
  return link.provider === 'youtube' ? `https://i.ytimg.com/vi/${link.id}/hqdefault.jpg` : null;
}

/** The address the iframe opens once the learner has tapped play: it starts playing where the host allows it. */
export function playerUrl(link: VideoLink): string {
  if (link.provider === 'drive') return link.embedUrl;
  const url = new URL(link.embedUrl);
  url.searchParams.set('autoplay', '1');
  if (link.provider === 'youtube') {
    url.searchParams.set('rel', '0');
    // The player's own full-screen button holds the frame and the viewer's mark; YouTube's would drop the mark.
    url.searchParams.set('fs', '0');
  }
  return url.toString();
}
