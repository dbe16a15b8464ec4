import { describe, expect, it } from 'vitest';
import { normaliseVideoLink, playerUrl, videoThumbnailUrl } from './video-links.js';

const YT = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

describe('normaliseVideoLink: YouTube', () => {
  it.each([
    ['a watch link', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a watch link with a time, a playlist and tracking', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL123&si=abc'],
    ['a watch link with v not first', 'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ'],
    ['the mobile site', 'https://m.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a share link', 'https://youtu.be/dQw4w9WgXcQ'],
    ['a share link with a time and tracking', 'https://youtu.be/dQw4w9WgXcQ?si=AbCdEf&t=10'],
    ['a shorts link', 'https://www.youtube.com/shorts/dQw4w9WgXcQ'],
    ['a shorts link with tracking', 'https://youtube.com/shorts/dQw4w9WgXcQ?feature=share'],
    ['an embed link', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['a privacy-enhanced embed link', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=5'],
    ['a live link', 'https://www.youtube.com/live/dQw4w9WgXcQ?feature=shared'],
    ['plain http', 'http://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['no scheme, as typed on a phone', 'youtu.be/dQw4w9WgXcQ'],
    ['no scheme with www', 'www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['upper-case host and spaces around', '  https://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ  '],
    ['a trailing slash', 'https://www.youtube.com/shorts/dQw4w9WgXcQ/'],
  ])('takes %s', (_name, link) => {
    expect(normaliseVideoLink(link)).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ', embedUrl: YT });
  });

  it('keeps ids with dashes and underscores', () => {
    expect(normaliseVideoLink('https://youtu.be/a-b_c-d_e-f')?.embedUrl).toBe('https://www.youtube-nocookie.com/embed/a-b_c-d_e-f');
  });

  it.each([
    ['a channel', 'https://www.youtube.com/@somechannel'],
    ['a playlist', 'https://www.youtube.com/playlist?list=PL1234567890'],
    ['an embedded playlist', 'https://www.youtube.com/embed/videoseries?list=PL1234567890'],
    ["a channel's live stream", 'https://www.youtube.com/embed/live_stream?channel=UC123'],
    ['a watch link without a video', 'https://www.youtube.com/watch?list=PL1234567890'],
    ['an id of the wrong length', 'https://youtu.be/dQw4w9WgXc'],
    ['an id with a bad character', 'https://www.youtube.com/watch?v=dQw4w9WgX%3CQ'],
    ['a lookalike host', 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
    ['a host that ends like YouTube', 'https://notyoutube.com/watch?v=dQw4w9WgXcQ'],
    ['a link with a login in it', 'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a link with a port', 'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ'],
    ['extra path after the id', 'https://youtu.be/dQw4w9WgXcQ/more'],
  ])('refuses %s', (_name, link) => {
    expect(normaliseVideoLink(link)).toBeNull();
  });
});

describe('normaliseVideoLink: Vimeo', () => {
  it.each([
    ['a page link', 'https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['a page link with www', 'https://www.vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['a player link', 'https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['a player link with options', 'https://player.vimeo.com/video/76979871?autoplay=1&title=0', 'https://player.vimeo.com/video/76979871'],
    ['an unlisted share link', 'https://vimeo.com/76979871/8272103f6e', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
    ['an unlisted player link', 'https://player.vimeo.com/video/76979871?h=8272103F6E&badge=0', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
    ['a channel link', 'https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['a group link', 'https://vimeo.com/groups/shortfilms/videos/76979871', 'https://player.vimeo.com/video/76979871'],
    ['a showcase link', 'https://vimeo.com/showcase/123456/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['no scheme', 'vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('takes %s', (_name, link, embedUrl) => {
    expect(normaliseVideoLink(link)).toMatchObject({ provider: 'vimeo', id: '76979871', embedUrl });
  });

  it.each([
    ['a profile', 'https://vimeo.com/someuser'],
    ['a channel without a video', 'https://vimeo.com/channels/staffpicks'],
    ['a player link without an id', 'https://player.vimeo.com/video/'],
    ['a hash that is not hex', 'https://vimeo.com/76979871/not-a-hash!'],
    ['another Vimeo host', 'https://api.vimeo.com/videos/76979871'],
  ])('refuses %s', (_name, link) => {
    expect(normaliseVideoLink(link)).toBeNull();
  });
});

describe('normaliseVideoLink: Google Drive', () => {
  const ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
  const EMBED = `https://drive.google.com/file/d/${ID}/preview`;

  it.each([
    ['a share link', `https://drive.google.com/file/d/${ID}/view?usp=sharing`],
    ['a preview link', `https://drive.google.com/file/d/${ID}/preview`],
    ['an edit link', `https://drive.google.com/file/d/${ID}/edit`],
    ['a bare file link', `https://drive.google.com/file/d/${ID}`],
    ['a signed-in link', `https://drive.google.com/u/1/file/d/${ID}/view`],
    ['an open link', `https://drive.google.com/open?id=${ID}`],
    ['a download link', `https://drive.google.com/uc?id=${ID}&export=download`],
    ['a docs host link', `https://docs.google.com/file/d/${ID}/view`],
  ])('takes %s', (_name, link) => {
    expect(normaliseVideoLink(link)).toEqual({ provider: 'drive', id: ID, embedUrl: EMBED });
  });

  it.each([
    ['a folder', 'https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOp'],
    ['a document', 'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOp/edit'],
    ['an open link without an id', 'https://drive.google.com/open'],
    ['an id too short', 'https://drive.google.com/file/d/abc/view'],
    ['another Google host', `https://mail.google.com/file/d/${ID}/view`],
  ])('refuses %s', (_name, link) => {
    expect(normaliseVideoLink(link)).toBeNull();
  });
});

describe('normaliseVideoLink: anything else', () => {
  it.each([
    ['a javascript: link', 'javascript:alert(document.cookie)'],
    ['a javascript: link in capitals with spaces', '  JaVaScRiPt:alert(1)'],
    ['a javascript: link that mentions YouTube', 'javascript://www.youtube.com/watch?v=dQw4w9WgXcQ%0aalert(1)'],
    ['a data: link', 'data:text/html,<script>alert(1)</script>'],
    ['a vbscript: link', 'vbscript:msgbox(1)'],
    ['a file: link', 'file:///etc/passwd'],
    ['an ftp link', 'ftp://youtube.com/watch?v=dQw4w9WgXcQ'],
    ['an unknown host', 'https://example.com/video.mp4'],
    ['a protocol-relative link', '//evil.example/embed/dQw4w9WgXcQ'],
    ['an iframe pasted as is', '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>'],
    ['empty text', ''],
    ['spaces only', '   '],
    ['text that is no link', 'my lecture video'],
    ['a very long link', `https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=${'a'.repeat(3000)}`],
  ])('refuses %s', (_name, link) => {
    expect(normaliseVideoLink(link)).toBeNull();
  });

  it('refuses what is not text', () => {
    expect(normaliseVideoLink(42 as unknown as string)).toBeNull();
  });

  it('answers the same embed URL when given an embed URL it made', () => {
    for (const link of ['https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/76979871/8272103f6e', 'https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp']) {
      const once = normaliseVideoLink(link)!;
      expect(normaliseVideoLink(once.embedUrl)).toEqual(once);
    }
  });
});

describe('thumbnails and the player address', () => {
  it('gives a YouTube thumbnail and none for the other hosts', () => {
    expect(videoThumbnailUrl(normaliseVideoLink(YT)!)).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(videoThumbnailUrl(normaliseVideoLink('https://vimeo.com/76979871')!)).toBeNull();
    expect(videoThumbnailUrl(normaliseVideoLink('https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp')!)).toBeNull();
  });

  it('starts YouTube and Vimeo playing once tapped, keeping the unlisted hash', () => {
    expect(playerUrl(normaliseVideoLink(YT)!)).toBe(`${YT}?autoplay=1&rel=0&fs=0`);
    expect(playerUrl(normaliseVideoLink('https://vimeo.com/76979871/8272103f6e')!)).toBe('https://player.vimeo.com/video/76979871?h=8272103f6e&autoplay=1');
    expect(playerUrl(normaliseVideoLink('https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp')!)).toBe(
      'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/preview',
    );
  });
});
