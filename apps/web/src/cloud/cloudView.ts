/**
 * Which part of the cloud the page shows (SPEC §2 cloud views), kept in the address so a
 * folder or a search can be linked and the back button walks up: `?view=recent|starred|all`,
 * `&folder=<id>` inside All files, `?q=<words>` for a search.
 */
import { ROOT_FOLDER } from './cloudApi';

export type CloudView =
  | { kind: 'recent' }
  | { kind: 'starred' }
  | { kind: 'folder'; folderId: string }
  | { kind: 'search'; keyword: string };

export type CloudTab = 'recent' | 'starred' | 'all';

/** The cloud opens on Recent, the documents the user is most likely to want back. */
export function cloudViewOf(params: URLSearchParams): CloudView {
  const keyword = (params.get('q') ?? '').trim();
  if (keyword !== '') return { kind: 'search', keyword };
  const view = params.get('view');
  if (view === 'starred') return { kind: 'starred' };
  if (view === 'all') return { kind: 'folder', folderId: params.get('folder') ?? ROOT_FOLDER };
  return { kind: 'recent' };
}

export function cloudSearchOf(view: CloudView): URLSearchParams {
  switch (view.kind) {
    case 'recent':
      return new URLSearchParams();
    case 'starred':
      return new URLSearchParams({ view: 'starred' });
    case 'folder':
      return new URLSearchParams(view.folderId === ROOT_FOLDER ? { view: 'all' } : { view: 'all', folder: view.folderId });
    case 'search':
      return new URLSearchParams({ q: view.keyword });
  }
}

/** The tab that is selected; a search belongs to none. */
export function tabOf(view: CloudView): CloudTab | null {
  if (view.kind === 'folder') return 'all';
  if (view.kind === 'search') return null;
  return view.kind;
}

export function viewOfTab(tab: CloudTab): CloudView {
  return tab === 'all' ? { kind: 'folder', folderId: ROOT_FOLDER } : { kind: tab };
}

/** Where an upload, an import or a new folder goes: the open folder, else the root. */
export function targetFolderOf(view: CloudView): string {
  return view.kind === 'folder' ? view.folderId : ROOT_FOLDER;
}
