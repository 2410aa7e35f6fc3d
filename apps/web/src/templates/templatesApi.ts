/**
 * The template calls of SPEC §7; each sends the showing language in the Lang header, which
 * decides whose templates besides the English ones the gallery shows.
 */
import {
  TEMPLATE_LANG_HEADER, templateRoutes, templateSlug,
  type TemplateIndex, type TemplateItem, type TemplateList, type TemplateListRequest,
} from '@pagewright/contracts';
import i18next from 'i18next';
import { call, routeUrl } from '../api/http';

const langHeader = (): Record<string, string> => ({ [TEMPLATE_LANG_HEADER]: i18next.language || 'en' });

export function getTemplateIndex(signal?: AbortSignal): Promise<TemplateIndex> {
  return call(templateRoutes.index, {}, { headers: langHeader(), signal });
}

/** A page of templates; no category and an empty search are left out of the request. */
export function listTemplates(q: TemplateListRequest, signal?: AbortSignal): Promise<TemplateList> {
  return call(templateRoutes.list, { query: q }, { headers: langHeader(), signal });
}

export function getTemplate(id: number, signal?: AbortSignal): Promise<TemplateItem> {
  return call(templateRoutes.detail, { query: { id } }, { headers: langHeader(), signal });
}

/** Counts one download (add-num) and answers the new count. */
export async function countDownload(id: number): Promise<number> {
  return (await call(templateRoutes.addNum, { query: { id } })).download_num;
}

export function templateFileUrl(id: number): string {
  return routeUrl(templateRoutes.downloadFile, { query: { id } });
}

/** The detail route /template/{cat}/{title}/{id}/{catId} of SPEC §2, without a language prefix. */
export function templateDetailPath(t: Pick<TemplateItem, 'id' | 'title' | 'cat_id' | 'cat_name'>): string {
  return `/template/${encodeURIComponent(templateSlug(t.cat_name))}/${encodeURIComponent(templateSlug(t.title))}/${t.id}/${t.cat_id}`;
}
