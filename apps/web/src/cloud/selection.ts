import type { CloudDocument, CloudFolder } from '@pagewright/contracts';

/** One row of the cloud list: a folder or a document. */
export type CloudItem =
  | { kind: 'folder'; folder: CloudFolder }
  | { kind: 'document'; document: CloudDocument };

/** The ids of a selection as the multi-item calls take them. */
export interface ItemIds {
  file_ids: string[];
  folder_ids: string[];
}

/** A row's key in a selection: folders and documents may share an id, their keys never do. */
export function itemKey(item: CloudItem): string {
  return item.kind === 'folder' ? `folder:${item.folder.folder_id}` : `file:${item.document.file_id}`;
}

export function itemName(item: CloudItem): string {
  return item.kind === 'folder' ? item.folder.name : item.document.name;
}

export function idsOf(items: readonly CloudItem[]): ItemIds {
  const ids: ItemIds = { file_ids: [], folder_ids: [] };
  for (const item of items) {
    if (item.kind === 'folder') ids.folder_ids.push(item.folder.folder_id);
    else ids.file_ids.push(item.document.file_id);
  }
  return ids;
}

/** The selected rows that are still listed, in list order. */
export function selectedItems(items: readonly CloudItem[], selected: ReadonlySet<string>): CloudItem[] {
  return items.filter((item) => selected.has(itemKey(item)));
}

/**
 * What a star button does to a selection: stars every document when one of them has none,
 * else removes every star. Folders carry no star.
 */
export function starActionOf(items: readonly CloudItem[]): { fileIds: string[]; starred: boolean } | null {
  const documents = items.flatMap((item) => (item.kind === 'document' ? [item.document] : []));
  if (documents.length === 0) return null;
  return { fileIds: documents.map((d) => d.file_id), starred: documents.some((d) => !d.starred) };
}
