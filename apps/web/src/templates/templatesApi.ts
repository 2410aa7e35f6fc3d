/**
 * The template calls of SPEC §7; each sends the showing language in the Lang header, which
 * decides whose templates besides the English ones the gallery shows.
 */
import {
  API_PREFIX, TEMPLATE_LANG_HEADER, templateDownloadCount, templateIdRequest, templateIndex, templateItem, templateList,
  templateListRequest, templatePaths, templateSlug,
  type TemplateIndex, type TemplateItem, type TemplateList, type TemplateListRequest,
} from '@pagewright/contracts';
import i18next from 'i18next';
import { request } from '../api/http';

const langHeader = (): Record<string, string> => ({ [TEMPLATE_LANG_HEADER]: i18next.language || 'en' });

export function getTemplateIndex(signal?: AbortSignal): Promise<TemplateIndex> {
  return request(templateIndex, templatePaths.index, { headers: langHeader(), signal });
}

export function listTemplates(q: TemplateListRequest, signal?: AbortSignal): Promise<TemplateList> {
  const query = templateListRequest.parse(q);
  return request(templateList, templatePaths.list, {
    query: { ...query, query: query.query || undefined, cat: query.cat || undefined },
    headers: langHeader(),
    signal,
  });
}

export function getTemplate(id: number, signal?: AbortSignal): Promise<TemplateItem> {
  return request(templateItem, templatePaths.detail, { query: templateIdRequest.parse({ id }), headers: langHeader(), signal });
}

/** Counts one download (add-num) and answers the new count. */
export async function countDownload(id: number): Promise<number> {
  return (await request(templateDownloadCount, templatePaths.addNum, { query: { id } })).download_num;
}

export function templateFileUrl(id: number): string {
  return `${API_PREFIX}${templatePaths.downloadFile}?id=${id}`;
}

/** The detail route /template/{cat}/{title}/{id}/{catId} of SPEC §2, without a language prefix. */
export function templateDetailPath(t: Pick<TemplateItem, 'id' | 'title' | 'cat_id' | 'cat_name'>): string {
  return `/template/${encodeURIComponent(templateSlug(t.cat_name))}/${encodeURIComponent(templateSlug(t.title))}/${t.id}/${t.cat_id}`;
}
