import type { AdInfo, ShellConfig } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { activityBoxCollapsed, activityBoxVisible, clearActivityBoxOnUnload, collapseActivityBox, expandActivityBox } from './activityBox';
import { appPageOf } from './appPage';
import { eventPopupShownAt, recordEventPopupShown, shouldShowEventPopup } from './eventPopup';
import { needsLeavingConfirm } from './leaving';
import { detectOperatingSystem } from './operatingSystem';
import { storeLinksFor, storeVariant } from './storeLinks';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() { return this.items.size; }
  clear() { this.items.clear(); }
  getItem(key: string) { return this.items.get(key) ?? null; }
  key(index: number) { return [...this.items.keys()][index] ?? null; }
  removeItem(key: string) { this.items.delete(key); }
  setItem(key: string, value: string) { this.items.set(key, value); }
}

const day = 24 * 60 * 60 * 1000;
const ad: AdInfo = { adv_popshow: 1, adv_url: 'https://example.org', adv_img: 'https://example.org/a.png' };

describe('appPageOf', () => {
  it('names the /app child with or without a language prefix, home for /app, null elsewhere', () => {
    expect(appPageOf('/app')).toBe('home');
    expect(appPageOf('/app/merge-pdf')).toBe('merge-pdf');
    expect(appPageOf('/de/app/chat-pdf')).toBe('chat-pdf');
    expect(appPageOf('/pricing')).toBeNull();
    expect(appPageOf('/application')).toBeNull();
  });
});

describe('event popup', () => {
  it('shows when adv_popshow is 1 and it never showed', () => {
    expect(shouldShowEventPopup(ad, null, 10 * day)).toBe(true);
  });
  it('does not show when adv_popshow is 0', () => {
    expect(shouldShowEventPopup({ ...ad, adv_popshow: 0 }, null, 10 * day)).toBe(false);
  });
  it('does not show again within 7 days and shows after them', () => {
    const shown = 100 * day;
    expect(shouldShowEventPopup(ad, shown, shown + 7 * day)).toBe(false);
    expect(shouldShowEventPopup(ad, shown, shown + 7 * day + 1)).toBe(true);
  });
  it('remembers when it was shown', () => {
    const storage = new MemoryStorage();
    expect(eventPopupShownAt(storage)).toBeNull();
    recordEventPopupShown(1234, storage);
    expect(eventPopupShownAt(storage)).toBe(1234);
  });
});

describe('activity box', () => {
  it('is hidden on chat-pdf, ai-read, ai-proofread, ai-translator and pdf-editor only', () => {
    for (const page of ['chat-pdf', 'ai-read', 'ai-proofread', 'ai-translator', 'pdf-editor']) {
      expect(activityBoxVisible(`/app/${page}`)).toBe(false);
    }
    expect(activityBoxVisible('/app')).toBe(true);
    expect(activityBoxVisible('/app/merge-pdf')).toBe(true);
    expect(activityBoxVisible('/es/app/ai-detector')).toBe(true);
  });
  it('is expanded until collapsed, and the flag goes with the page', () => {
    const storage = new MemoryStorage();
    const target = new EventTarget() as Window;
    const stop = clearActivityBoxOnUnload(target, storage);
    expect(activityBoxCollapsed(storage, false)).toBe(false);
    collapseActivityBox(storage);
    expect(activityBoxCollapsed(storage, false)).toBe(true);
    target.dispatchEvent(new Event('pagehide'));
    expect(activityBoxCollapsed(storage, false)).toBe(false);
    stop();
  });

  it('starts collapsed on a phone until opened, and the opening goes with the page', () => {
    const storage = new MemoryStorage();
    const target = new EventTarget() as Window;
    const stop = clearActivityBoxOnUnload(target, storage);
    expect(activityBoxCollapsed(storage, true)).toBe(true);
    expandActivityBox(storage);
    expect(activityBoxCollapsed(storage, true)).toBe(false);
    target.dispatchEvent(new Event('pagehide'));
    expect(activityBoxCollapsed(storage, true)).toBe(true);
    stop();
  });
});

describe('leaving confirmation', () => {
  const move = { fromPath: '/app/merge-pdf', toPath: '/app/split-pdf', fileCount: 2, taskPhase: 'idle' as const };
  it('asks when a tool page with unfinished files is left', () => {
    expect(needsLeavingConfirm(move)).toBe(true);
    expect(needsLeavingConfirm({ ...move, taskPhase: 'failed' })).toBe(true);
  });
  it('does not ask without files, after the task is done, or for a query change on the same page', () => {
    expect(needsLeavingConfirm({ ...move, fileCount: 0 })).toBe(false);
    expect(needsLeavingConfirm({ ...move, taskPhase: 'done' })).toBe(false);
    expect(needsLeavingConfirm({ ...move, toPath: '/app/merge-pdf' })).toBe(false);
  });
  it('asks when entering an AI page with files, even after the task is done', () => {
    for (const page of ['chat-pdf', 'ai-read', 'ai-translator', 'ai-proofread']) {
      expect(needsLeavingConfirm({ ...move, toPath: `/de/app/${page}`, taskPhase: 'done' })).toBe(true);
    }
  });
  it('asks when a template page with unfinished files is left', () => {
    expect(needsLeavingConfirm({ ...move, fromPath: '/template/hot/a/1/2', toPath: '/pricing' })).toBe(true);
  });
});

describe('operating system', () => {
  it('picks the download for the visitor’s system', () => {
    expect(detectOperatingSystem('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('windows');
    expect(detectOperatingSystem('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toBe('mac');
    expect(detectOperatingSystem('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)', 5)).toBe('ios');
    expect(detectOperatingSystem('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android');
    expect(detectOperatingSystem('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(detectOperatingSystem('Mozilla/5.0 (X11; Linux x86_64)')).toBeNull();
  });
});

describe('mobile-store links', () => {
  const links = (android: string, ios: string) => ({ android, ios });
  const config = {
    mobile_store: { default: links('d-a', 'd-i'), es: links('es-a', ''), br: links('br-a', 'br-i') },
  } as ShellConfig;
  it('use the Brazilian variant for Brazil or pt-br, the Spanish one for Spanish, else the default', () => {
    expect(storeVariant('en', 'BR')).toBe('br');
    expect(storeVariant('pt-br', '')).toBe('br');
    expect(storeVariant('es', 'MX')).toBe('es');
    expect(storeVariant('de', 'DE')).toBe('default');
  });
  it('fall back to the default link where a variant has none', () => {
    expect(storeLinksFor(config, 'es')).toEqual({ android: 'es-a', ios: 'd-i' });
    expect(storeLinksFor(config, 'br')).toEqual({ android: 'br-a', ios: 'br-i' });
  });
});
