import { describe, expect, it } from 'vitest';
import { formatVideoLength, parseVideoLength } from './learning.js';

describe('a video length as the admin types it', () => {
  it('reads minutes:seconds, hours:minutes:seconds and whole minutes, and shows them back', () => {
    expect(parseVideoLength('12:30')).toBe(750);
    expect(parseVideoLength(' 1:02:03 ')).toBe(3723);
    expect(parseVideoLength('45')).toBe(2700);
    expect(formatVideoLength(750)).toBe('12:30');
    expect(formatVideoLength(3723)).toBe('1:02:03');
    expect(formatVideoLength(5)).toBe('0:05');
  });

  it('refuses what is not a length from a second to twelve hours', () => {
    for (const text of ['', '12:60', 'abc', '1:2:3:4', '0', '0:00', '12:00:01', '-3', '1.5']) expect(parseVideoLength(text), text).toBeNull();
  });
});
