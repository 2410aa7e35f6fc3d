/**
 * The folder tree of the move dialog and the folder of each search result, built from the
 * flat list of directory/list (each folder names its parent; '' is the root).
 */
import type { CloudFolder } from '@pagewright/contracts';
import { ROOT_FOLDER } from './cloudApi';

export interface FolderRow {
  folder: CloudFolder;
  /** 0 for a folder of the root. */
  depth: number;
}

function childrenByParent(folders: readonly CloudFolder[]): Map<string, CloudFolder[]> {
  const byParent = new Map<string, CloudFolder[]>();
  for (const folder of folders) {
    const siblings = byParent.get(folder.parent_id) ?? [];
    siblings.push(folder);
    byParent.set(folder.parent_id, siblings);
  }
  for (const siblings of byParent.values()) siblings.sort((a, b) => a.name.localeCompare(b.name));
  return byParent;
}

/**
 * The tree, depth first and by name, leaving out `excluded` folders with everything under
 * them (a folder cannot move into itself or its own sub-folders). A folder whose parent is
 * not listed is not reachable from the root and is left out too.
 */
export function folderRows(folders: readonly CloudFolder[], excluded: ReadonlySet<string> = new Set()): FolderRow[] {
  const byParent = childrenByParent(folders);
  const rows: FolderRow[] = [];
  const seen = new Set<string>();
  const walk = (parentId: string, depth: number) => {
    for (const folder of byParent.get(parentId) ?? []) {
      if (excluded.has(folder.folder_id) || seen.has(folder.folder_id)) continue;
      seen.add(folder.folder_id);
      rows.push({ folder, depth });
      walk(folder.folder_id, depth + 1);
    }
  };
  walk(ROOT_FOLDER, 0);
  return rows;
}

/** The folders from the root (excluded) down to `folderId`; [] for the root or an unknown id. */
export function folderPathOf(folders: readonly CloudFolder[], folderId: string): CloudFolder[] {
  const byId = new Map(folders.map((f) => [f.folder_id, f]));
  const path: CloudFolder[] = [];
  let current = byId.get(folderId);
  while (current && !path.includes(current)) {
    path.unshift(current);
    current = byId.get(current.parent_id);
  }
  return path;
}
