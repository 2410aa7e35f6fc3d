import { API_PREFIX, sitePaths, timing, type AdInfo, type MessageBarResource, type ShellConfig, type StoreLinks } from '@pagewright/contracts';
import { useEffect, useState } from 'react';

/*
 * These calls run on every page, the home page included, so they read their answers by hand
 * instead of through the zod-checked API client: that keeps zod out of the home page's
 * JavaScript (its weight budget). Anything malformed reads as empty.
 */
async function getData(path: string): Promise<unknown> {
  const response = await fetch(API_PREFIX + path, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timing.requestTimeoutMs) });
  const body = (await response.json()) as { code?: unknown; data?: unknown };
  if (!response.ok || (body.code !== 0 && body.code !== '0')) throw new Error(`${path} answered ${String(body.code)}`);
  return body.data;
}

const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const storeLinksOf = (v: unknown): StoreLinks => ({ android: text(record(v).android), ios: text(record(v).ios) });

function resourceOf(v: unknown): MessageBarResource | null {
  const r = record(v);
  if (typeof r.resource_id !== 'string' || typeof r.title !== 'string' || !Number.isInteger(r.display_start_time) || !Number.isInteger(r.display_end_time)) return null;
  return { resource_id: r.resource_id, title: r.title, jump_url: text(r.jump_url), display_start_time: r.display_start_time as number, display_end_time: r.display_end_time as number };
}

export function shellConfigOf(data: unknown): ShellConfig {
  const d = record(data);
  const downloads = record(d.downloads);
  const store = record(d.mobile_store);
  const bar = record(d.message_bar);
  return {
    downloads: { windows: text(downloads.windows), mac: text(downloads.mac), android: text(downloads.android), ios: text(downloads.ios) },
    mobile_store: { default: storeLinksOf(store.default), es: storeLinksOf(store.es), br: storeLinksOf(store.br) },
    feedback_url: text(d.feedback_url),
    support_url: text(d.support_url),
    message_bar: {
      key: text(bar.key),
      resource_list: (Array.isArray(bar.resource_list) ? bar.resource_list : []).map(resourceOf).filter((r): r is MessageBarResource => r !== null),
    },
  };
}

export function adInfoOf(data: unknown): AdInfo | null {
  const d = record(data);
  if (d.adv_popshow !== 0 && d.adv_popshow !== 1) return null;
  return { adv_popshow: d.adv_popshow, adv_url: text(d.adv_url), adv_img: text(d.adv_img) };
}

const noLinks = { android: '', ios: '' };

/** What the shell shows when the server cannot be asked: no links, no banner. */
export const emptyShellConfig: ShellConfig = {
  downloads: { windows: '', mac: '', android: '', ios: '' },
  mobile_store: { default: noLinks, es: noLinks, br: noLinks },
  feedback_url: '',
  support_url: '',
  message_bar: { key: '', resource_list: [] },
};

// Asked once per page load: the operator's links do not change while the page is open.
let shellConfigRequest: Promise<ShellConfig> | undefined;
let countryRequest: Promise<string> | undefined;

export function loadShellConfig(): Promise<ShellConfig> {
  shellConfigRequest ??= getData(sitePaths.shellConfig).then(shellConfigOf, () => emptyShellConfig);
  return shellConfigRequest;
}

export function loadCountry(): Promise<string> {
  countryRequest ??= getData(sitePaths.location).then((l) => text(record(l).country), () => '');
  return countryRequest;
}

export function loadAdInfo(): Promise<AdInfo | null> {
  return getData(sitePaths.adList).then(adInfoOf, () => null);
}

/** The operator's links; empty until the server answers. */
export function useShellConfig(): ShellConfig {
  const [config, setConfig] = useState<ShellConfig>(emptyShellConfig);
  useEffect(() => {
    let live = true;
    void loadShellConfig().then((c) => live && setConfig(c));
    return () => {
      live = false;
    };
  }, []);
  return config;
}
