import { describe, expect, it } from 'vitest';
import { createWatchCounter, readPlayerMessage, trackableUrl } from './watch-tracker';

describe('reading the video players’ messages', () => {
  it('reads YouTube’s info deliveries from its own origin only', () => {
    const message = JSON.stringify({ event: 'infoDelivery', info: { currentTime: 12.5, duration: 600, playerState: 1 } });
    expect(readPlayerMessage('youtube', 'https://www.youtube-nocookie.com', message)).toEqual({ time: 12.5, duration: 600, ended: false });
    expect(readPlayerMessage('youtube', 'https://evil.example', message)).toBeNull();
    expect(readPlayerMessage('youtube', 'https://www.youtube-nocookie.com', '{not json')).toBeNull();
    expect(readPlayerMessage('youtube', 'https://www.youtube.com', JSON.stringify({ event: 'infoDelivery', info: { playerState: 0 } }))).toEqual({
      time: null,
      duration: null,
      ended: true,
    });
  });

  it('reads Vimeo’s time updates, as text or as an object', () => {
    const update = { event: 'timeupdate', data: { seconds: 30, duration: 300, percent: 0.1 } };
    expect(readPlayerMessage('vimeo', 'https://player.vimeo.com', JSON.stringify(update))).toEqual({ time: 30, duration: 300, ended: false });
    expect(readPlayerMessage('vimeo', 'https://player.vimeo.com', update)).toEqual({ time: 30, duration: 300, ended: false });
    expect(readPlayerMessage('vimeo', 'https://www.youtube.com', update)).toBeNull();
  });

  it('asks YouTube to talk to this page', () => {
    const url = new URL(trackableUrl('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1', 'https://marathisuccess.example'));
    expect(url.searchParams.get('enablejsapi')).toBe('1');
    expect(url.searchParams.get('origin')).toBe('https://marathisuccess.example');
    expect(trackableUrl('https://player.vimeo.com/video/76979871?autoplay=1', 'https://x.example')).toBe('https://player.vimeo.com/video/76979871?autoplay=1');
  });
});

describe('counting what was played', () => {
  it('adds up small forward steps and ignores seeks, so jumping to the end is not watching', () => {
    const counter = createWatchCounter();
    for (let time = 0; time <= 100; time += 1) counter.read({ time, duration: 600, ended: false });
    expect(counter.watchedSeconds).toBe(100);
    counter.read({ time: 590, duration: 600, ended: false });
    counter.read({ time: 600, duration: 600, ended: true });
    expect(counter.watchedSeconds).toBe(100);
    counter.read({ time: 50, duration: 600, ended: false });
    counter.read({ time: 52, duration: 600, ended: false });
    expect(counter.watchedSeconds).toBe(102);
    expect(counter.durationSeconds).toBe(600);
  });
});
