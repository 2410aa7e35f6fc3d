/**
 * Paging a folder or a search by cloudLimits.listPageSize documents with a 'Load more' (SPEC §9):
 * the pages loaded so far, merged into one list.
 */
import type { CloudDocument, CloudFolder, CloudList } from '@pagewright/contracts';

/** The next page to load, or undefined when every document of the folder is loaded. */
export function nextPageOf(last: CloudList, pages: readonly CloudList[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.documents.length, 0);
  return loaded < last.total && last.documents.length > 0 ? last.page + 1 : undefined;
}

/** The pages as one list: folders from the first page, documents in order without repeats. */
export function mergePages(pages: readonly CloudList[]): { folders: CloudFolder[]; documents: CloudDocument[]; total: number } {
  const seen = new Set<string>();
  const documents: CloudDocument[] = [];
  for (const page of pages) {
    for (const document of page.documents) {
      if (seen.has(document.file_id)) continue;
      seen.add(document.file_id);
      documents.push(document);
    }
  }
  return { folders: pages[0]?.folders ?? [], documents, total: pages.at(-1)?.total ?? 0 };
}
