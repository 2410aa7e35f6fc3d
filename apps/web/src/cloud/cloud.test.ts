import { GB, type CloudCapacity, type CloudDocument, type CloudFolder, type CloudList } from '@pagewright/contracts';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/ApiError';
import { ok, stubFetch } from '../api/testFetch';
import en from '../i18n/locales/en.json';
import fr from '../i18n/locales/fr.json';
import { capacityNumbers, capacityOffer, fits, usedPercent } from './capacity';
import { cloudSearchOf, cloudViewOf, tabOf, targetFolderOf, type CloudView } from './cloudView';
import { deleteItems, moveItems } from './cloudApi';
import { shownProgress, uploadToCloud } from './cloudUpload';
import { decodeDrag, dropAllowed, encodeDrag } from './dragMove';
import { folderPathOf, folderRows } from './folderTree';
import { baseNameLength, moveFailureMessage, nameMessage, nameProblem } from './names';
import { mergePages, nextPageOf } from './paging';
import { idsOf, itemKey, starActionOf, type CloudItem } from './selection';
import { importUrlProblem } from './urlImport';

beforeAll(async () => {
  await i18next.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: en }, fr: { translation: fr } } });
});
afterEach(() => vi.unstubAllGlobals());

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

const folder = (folder_id: string, name: string, parent_id = ''): CloudFolder => ({ folder_id, name, parent_id, updated_at: 0, created_at: 0 });
const doc = (file_id: string, extra: Partial<CloudDocument> = {}): CloudDocument => ({
  file_id, name: `${file_id}.pdf`, size: 10, folder_id: '', starred: false, total_page: 1, updated_at: 0, created_at: 0, opened_at: null, ...extra,
});
const capacity = (used: number, total: number, received = false): CloudCapacity => ({ already_capacity: used, total_capacity: total, received });

describe('cloud views in the address', () => {
  it('open on Recent, and read Starred, a folder of All files and a search back from their address', () => {
    const views: CloudView[] = [
      { kind: 'recent' }, { kind: 'starred' }, { kind: 'folder', folderId: '' }, { kind: 'folder', folderId: 'f1' }, { kind: 'search', keyword: 'lisbon' },
    ];
    for (const view of views) expect(cloudViewOf(cloudSearchOf(view))).toEqual(view);
    expect(cloudViewOf(new URLSearchParams())).toEqual({ kind: 'recent' });
    expect(cloudSearchOf({ kind: 'folder', folderId: '' }).toString()).toBe('view=all');
  });

  it('treat blank search words as no search', () => {
    expect(cloudViewOf(new URLSearchParams({ q: '   ', view: 'starred' }))).toEqual({ kind: 'starred' });
  });

  it('select no tab during a search, and upload into the open folder only', () => {
    expect(tabOf({ kind: 'search', keyword: 'x' })).toBeNull();
    expect(tabOf({ kind: 'folder', folderId: 'f1' })).toBe('all');
    expect(targetFolderOf({ kind: 'folder', folderId: 'f1' })).toBe('f1');
    expect(targetFolderOf({ kind: 'starred' })).toBe('');
  });
});

describe('cloud names (SPEC §5)', () => {
  it("ask for a name when it is empty or blank: 'Please enter name'", () => {
    expect(nameProblem('')).toBe('CLOUD_NAME_REQUIRED');
    expect(nameProblem('   ')).toBe('CLOUD_NAME_REQUIRED');
    expect(nameMessage('CLOUD_NAME_REQUIRED', '')).toBe('Please enter name');
  });

  it("take 240 characters and refuse 241: 'Name cannot exceed 240 characters'", () => {
    expect(nameProblem('a'.repeat(240))).toBeNull();
    expect(nameProblem('a'.repeat(241))).toBe('CLOUD_NAME_TOO_LONG');
    expect(nameProblem(` ${'a'.repeat(240)} `)).toBeNull();
    expect(nameMessage('CLOUD_NAME_TOO_LONG', '')).toBe('Name cannot exceed 240 characters');
  });

  it("fill '{name} already exists' with the name typed, and say 'The folder already exists'", () => {
    expect(nameMessage('CLOUD_NAME_EXISTS', ' report.pdf ')).toBe('report.pdf already exists');
    expect(nameMessage('CLOUD_FOLDER_EXISTS', 'Taxes')).toBe('The folder already exists');
  });

  it('name the one document a move refused for its name, and call a refused move of several a failed move', () => {
    expect(moveFailureMessage('CLOUD_NAME_EXISTS', ['report.pdf'])).toBe('report.pdf already exists');
    expect(moveFailureMessage('CLOUD_NAME_EXISTS', ['a.pdf', 'b.pdf'])).toBe('Cloud move failed.');
    expect(moveFailureMessage('CLOUD_FOLDER_EXISTS', [])).toBe('The folder already exists');
  });

  it('select the name without its extension first', () => {
    expect(baseNameLength('report.final.pdf')).toBe('report.final'.length);
    expect(baseNameLength('README')).toBe(6);
  });
});

describe('import from URL (SPEC §5)', () => {
  it('needs http:// or https:// at the start', () => {
    expect(importUrlProblem('ftp://example.com/a.pdf')).toBe('URL_SCHEME');
    expect(importUrlProblem('example.com/a.pdf')).toBe('URL_SCHEME');
    expect(importUrlProblem('https://')).toBe('URL_SCHEME');
  });

  it('needs .pdf at the end of the path', () => {
    expect(importUrlProblem('https://example.com/a.docx')).toBe('URL_NOT_PDF');
    expect(importUrlProblem('https://example.com/')).toBe('URL_NOT_PDF');
    expect(importUrlProblem(' https://example.com/files/A.PDF ')).toBeNull();
    expect(importUrlProblem('http://example.com/a.pdf?download=1')).toBeNull();
  });
});

describe('capacity (SPEC §9)', () => {
  it('offers the expansion under 10 GB until it is taken, and the store from 10 GB', () => {
    expect(capacityOffer(capacity(0, 2 * GB))).toBe('expand');
    expect(capacityOffer(capacity(0, 2 * GB, true))).toBe('store');
    expect(capacityOffer(capacity(0, 10 * GB))).toBe('store');
    expect(capacityOffer(capacity(0, 100 * GB))).toBe('store');
  });

  it("reads 'x.x GB of y GB' in the reader's language", () => {
    const numbers = capacityNumbers(capacity(0.42 * GB, 2 * GB), 'en');
    expect(plain(`${numbers.used} of ${numbers.total}`)).toBe('0.4 GB of 2 GB');
    expect(plain(capacityNumbers(capacity(1.5 * GB, 10 * GB), 'fr').used)).toBe('1,5 Go');
    expect(plain(capacityNumbers(capacity(0, 2.5 * GB), 'en').total)).toBe('2.5 GB');
  });

  it('measures the used share and what still fits', () => {
    expect(usedPercent(capacity(GB, 2 * GB))).toBe(50);
    expect(usedPercent(capacity(3 * GB, 2 * GB))).toBe(100);
    expect(fits(capacity(GB, 2 * GB), GB)).toBe(true);
    expect(fits(capacity(GB, 2 * GB), GB + 1)).toBe(false);
  });
});

describe('folder tree', () => {
  const folders = [folder('b', 'Bills'), folder('a', 'Archive'), folder('a2', '2024', 'a'), folder('a2x', 'Q1', 'a2'), folder('lost', 'Lost', 'gone')];

  it('lists folders depth first by name, with their depth, leaving out unreachable ones', () => {
    expect(folderRows(folders).map((r) => `${r.depth}:${r.folder.name}`)).toEqual(['0:Archive', '1:2024', '2:Q1', '0:Bills']);
  });

  it('leaves out a moving folder with everything under it', () => {
    expect(folderRows(folders, new Set(['a2'])).map((r) => r.folder.name)).toEqual(['Archive', 'Bills']);
  });

  it('gives the path from the root down to a folder', () => {
    expect(folderPathOf(folders, 'a2x').map((f) => f.name)).toEqual(['Archive', '2024', 'Q1']);
    expect(folderPathOf(folders, '')).toEqual([]);
  });
});

describe('selection', () => {
  const items: CloudItem[] = [
    { kind: 'folder', folder: folder('x', 'Folder') },
    { kind: 'document', document: doc('x') },
    { kind: 'document', document: doc('y', { starred: true }) },
  ];

  it('keys a folder and a document with the same id apart', () => {
    expect(new Set(items.map(itemKey)).size).toBe(3);
  });

  it('splits into file_ids and folder_ids', () => {
    expect(idsOf(items)).toEqual({ file_ids: ['x', 'y'], folder_ids: ['x'] });
  });

  it('stars every document when one has no star, else removes every star; folders have none', () => {
    expect(starActionOf(items)).toEqual({ fileIds: ['x', 'y'], starred: true });
    expect(starActionOf(items.slice(2))).toEqual({ fileIds: ['y'], starred: false });
    expect(starActionOf(items.slice(0, 1))).toBeNull();
  });
});

describe('drag to move', () => {
  it('carries the ids of the dragged rows', () => {
    const ids = { file_ids: ['f'], folder_ids: ['d'] };
    expect(decodeDrag(encodeDrag(ids))).toEqual(ids);
  });

  it('ignores anything that is not a cloud row', () => {
    expect(decodeDrag('not json')).toBeNull();
    expect(decodeDrag('{"file_ids":[1],"folder_ids":[]}')).toBeNull();
    expect(decodeDrag('{"file_ids":[],"folder_ids":[]}')).toBeNull();
  });

  it('never drops a folder into itself', () => {
    expect(dropAllowed({ file_ids: [], folder_ids: ['d'] }, 'd')).toBe(false);
    expect(dropAllowed({ file_ids: ['f'], folder_ids: [] }, 'd')).toBe(true);
  });
});

describe('paging by 100', () => {
  const page = (n: number, ids: string[], total: number): CloudList => ({
    folders: n === 1 ? [folder('d', 'D')] : [], documents: ids.map((id) => doc(id)), total, page: n, page_size: 2, path: [],
  });

  it('loads the next page until every document is loaded', () => {
    const first = page(1, ['a', 'b'], 3);
    expect(nextPageOf(first, [first])).toBe(2);
    const second = page(2, ['c'], 3);
    expect(nextPageOf(second, [first, second])).toBeUndefined();
  });

  it('stops on an empty page even when the total says more', () => {
    const first = page(1, ['a', 'b'], 3);
    const empty = page(2, [], 3);
    expect(nextPageOf(empty, [first, empty])).toBeUndefined();
  });

  it('merges the pages, folders from the first, without a document twice', () => {
    const merged = mergePages([page(1, ['a', 'b'], 3), page(2, ['b', 'c'], 3)]);
    expect(merged.folders.map((f) => f.folder_id)).toEqual(['d']);
    expect(merged.documents.map((d) => d.file_id)).toEqual(['a', 'b', 'c']);
  });
});

describe('cloud calls', () => {
  it('moves one document through file/move and a selection through multi/move', async () => {
    const calls = stubFetch(() => ok({ ok: true, ...doc('f') }));
    await moveItems({ file_ids: ['f'], folder_ids: [] }, 'd');
    await moveItems({ file_ids: ['f', 'g'], folder_ids: ['e'] }, '');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/v2/cloud/file/move', 'POST /api/v2/cloud/multi/move']);
    expect(JSON.parse(String(calls[1]?.body))).toEqual({ file_ids: ['f', 'g'], folder_ids: ['e'], target_folder_id: '' });
  });

  it('deletes a document, a folder or a selection by its own call', async () => {
    const calls = stubFetch(() => ok({ files: 1, folders: 0 }));
    await deleteItems({ file_ids: ['f'], folder_ids: [] });
    await deleteItems({ file_ids: [], folder_ids: ['d'] });
    await deleteItems({ file_ids: ['f'], folder_ids: ['d'] });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /api/v2/cloud/file/delete/f', 'DELETE /api/v2/cloud/directory/delete/d', 'DELETE /api/v2/cloud/multi/delete',
    ]);
  });
});

describe('upload to the cloud', () => {
  it('holds the progress at 95% until the document exists', () => {
    expect(shownProgress(50, 100)).toBe(0.5);
    expect(shownProgress(100, 100)).toBe(0.95);
    expect(shownProgress(0, 0)).toBe(0);
  });

  it('refuses a file that cannot fit before sending a byte', async () => {
    const calls = stubFetch(() => ok({}));
    const file = new File([new Uint8Array(11)], 'a.pdf');
    await expect(uploadToCloud(file, '', { capacity: () => Promise.resolve(capacity(GB * 2 - 10, GB * 2)) }))
      .rejects.toEqual(new ApiError('CLOUD_CAPACITY_EXCEEDED'));
    expect(calls).toEqual([]);
  });
});
