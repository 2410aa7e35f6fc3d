import { describe, expect, it } from 'vitest';
import { historyFrameUrl, readerOf, unreadBadge } from './messageView';

describe('message centre view helpers', () => {
  it('reads as the signed-in user by ws_id, else as a guest', () => {
    expect(readerOf({ ws_id: 'ws-9' })).toEqual({ wsid: 'ws-9' });
    expect(readerOf(null)).toEqual({ guest: true });
  });

  it('hides the badge at 0 and caps it at 99+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });

  it('frames http(s) pages and paths of this site only', () => {
    const origin = 'https://pagewright.example';
    expect(historyFrameUrl('https://news.example/post', origin)?.href).toBe('https://news.example/post');
    expect(historyFrameUrl('/app/home', origin)?.href).toBe('https://pagewright.example/app/home');
    expect(historyFrameUrl('javascript:alert(1)', origin)).toBeNull();
    expect(historyFrameUrl('data:text/html,hi', origin)).toBeNull();
    expect(historyFrameUrl('', origin)).toBeNull();
  });
});
