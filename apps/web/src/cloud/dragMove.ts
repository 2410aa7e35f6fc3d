/**
 * Moving by drag and drop (HTML5): a dragged row carries the ids it moves under its own type,
 * so a drop target can tell a cloud row from a file dragged in from the desktop while the drag
 * is still over it (only the types are readable before the drop).
 */
import type { ItemIds } from './selection';

export const cloudDragType = 'application/x-pagewright-cloud-items';

export function encodeDrag(ids: ItemIds): string {
  return JSON.stringify(ids);
}

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** The ids a drop carries, or null for anything that is not a cloud row. */
export function decodeDrag(data: string): ItemIds | null {
  try {
    const value = JSON.parse(data) as { file_ids?: unknown; folder_ids?: unknown } | null;
    if (!value || !isIdList(value.file_ids) || !isIdList(value.folder_ids)) return null;
    if (value.file_ids.length + value.folder_ids.length === 0) return null;
    return { file_ids: value.file_ids, folder_ids: value.folder_ids };
  } catch {
    return null;
  }
}

/** Whether a drop target may take a drag: a folder never goes into itself. */
export function dropAllowed(ids: ItemIds, targetFolderId: string): boolean {
  return !ids.folder_ids.includes(targetFolderId);
}
