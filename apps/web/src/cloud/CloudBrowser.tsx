import {
  ActionIcon, Alert, Box, Button, Center, Checkbox, CloseButton, FileButton, Grid, Group, Loader, Paper, Stack, Text, TextInput,
} from '@mantine/core';
import {
  IconClock, IconCloudUpload, IconDownload, IconFolderOpen, IconFolderPlus, IconFolderSymlink, IconLayoutGrid, IconLink,
  IconList, IconSearch, IconStar, IconStarOff, IconTrash, IconUpload,
} from '@tabler/icons-react';
import type { CloudDocument } from '@pagewright/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentPropsWithoutRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isCanceled, toApiError } from '../api/ApiError';
import { errorMessage, showErrorToast } from '../toasts/errorToast';
import { showToast } from '../toasts/toastStore';
import { openShareDialog } from '../share/shareDialog';
import { CapacityBar } from './CapacityBar';
import { CapacityDialog } from './CapacityDialog';
import { capacityOffer } from './capacity';
import { CloudBreadcrumbs } from './CloudBreadcrumbs';
import { CloudItems, type CloudLayout, type ItemActions } from './CloudItems';
import {
  cloudRootKey, createFolder, deleteItems, documentDownloadUrl, getCapacity, listAllFolders, moveItems, removeFromRecent,
  renameDocument, renameFolder, setStarred, zipDownloadUrl,
} from './cloudApi';
import { cloudSearchOf, cloudViewOf, tabOf, targetFolderOf, viewOfTab, type CloudTab, type CloudView } from './cloudView';
import { DeleteDialog } from './DeleteDialog';
import { folderPathOf } from './folderTree';
import { ImportUrlDialog } from './ImportUrlDialog';
import { MoveDialog } from './MoveDialog';
import { NameDialog } from './NameDialog';
import { moveFailureMessage } from './names';
import { idsOf, itemKey, itemName, selectedItems, starActionOf, type CloudItem, type ItemIds } from './selection';
import { UploadPanel } from './UploadPanel';
import { useCloudListing } from './useCloudListing';
import { useCloudKeys } from './useCloudKeys';
import { useCloudUploads } from './useCloudUploads';
import classes from './cloud.module.css';

type Dialog =
  | { kind: 'rename'; item: CloudItem }
  | { kind: 'newFolder' }
  | { kind: 'move'; items: CloudItem[] }
  | { kind: 'delete'; items: CloudItem[] }
  | { kind: 'importUrl' };

/**
 * The document cloud of a signed-in user (SPEC §2 cloud views): Recent, Starred and All files
 * with folders, a search by name and by the text inside PDFs, upload and import, and the
 * open, download, rename, move, share, star and delete of each item or of a selection.
 */
export function CloudBrowser() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const cloudKeys = useCloudKeys();
  const [params, setParams] = useSearchParams();
  const view = cloudViewOf(params);
  const viewKey = cloudSearchOf(view).toString();
  const go = (next: CloudView) => setParams(cloudSearchOf(next));
  const target = targetFolderOf(view);

  const listing = useCloudListing(view);
  const capacity = useQuery({ queryKey: cloudKeys.capacity, queryFn: ({ signal }) => getCapacity(signal) });
  const allFolders = useQuery({ queryKey: cloudKeys.folders, queryFn: ({ signal }) => listAllFolders(signal), enabled: view.kind === 'search' });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setSelected(new Set()), [viewKey]);
  const [layout, setLayout] = useState<CloudLayout>('list');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [full, setFull] = useState(false);
  const openFull = useCallback(() => setFull(true), []);
  const uploads = useCloudUploads({ onCapacityExceeded: openFull });
  const resetUpload = useRef<() => void>(null);

  const items = listing.items;
  const selection = selectedItems(items, selected);
  const refresh = () => client.invalidateQueries({ queryKey: cloudRootKey });
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (failure) {
      showErrorToast(failure);
    }
    await refresh();
  };

  const download = (list: CloudItem[]) => void run(async () => {
    const [only] = list;
    const link = list.length === 1 && only?.kind === 'document'
      ? await documentDownloadUrl(only.document.file_id)
      : await zipDownloadUrl(idsOf(list));
    window.location.assign(link.download_url);
  });

  /** Moves and refreshes; a refusal is shown, and answers false. */
  const move = async (ids: ItemIds, folderId: string): Promise<boolean> => {
    try {
      await moveItems(ids, folderId);
      setSelected(new Set());
      return true;
    } catch (failure) {
      const error = toApiError(failure);
      if (!isCanceled(error)) {
        const names = items.flatMap((item) => (item.kind === 'document' && ids.file_ids.includes(item.document.file_id) ? [item.document.name] : []));
        showToast(moveFailureMessage(error.code, ids.folder_ids.length === 0 ? names : []), 'warning');
      }
      return false;
    } finally {
      await refresh();
    }
  };

  const actions: ItemActions = {
    download,
    rename: (item) => setDialog({ kind: 'rename', item }),
    move: (list) => setDialog({ kind: 'move', items: list }),
    share: (document) => openShareDialog({ fileId: document.file_id, name: document.name }),
    remove: (list) => setDialog({ kind: 'delete', items: list }),
    star: (documents, starred) => void run(() => setStarred(documents.map((d) => d.file_id), starred)),
    removeFromRecent: view.kind === 'recent' ? (document) => void run(() => removeFromRecent([document.file_id])) : undefined,
    dragIds: (item) => (selected.has(itemKey(item)) ? idsOf(selection) : idsOf([item])),
    dropInto: (ids, folderId) => void move(ids, folderId),
  };

  const locationOf = useMemo(() => {
    if (view.kind !== 'search') return undefined;
    return (document: CloudDocument) => {
      const path = folderPathOf(allFolders.data ?? [], document.folder_id);
      return t('cloud.search.in', { folder: path.length > 0 ? path.map((f) => f.name).join(' / ') : t('cloud.views.all') });
    };
  }, [view.kind, allFolders.data, t]);

  const toggle = (item: CloudItem) => setSelected((current) => {
    const next = new Set(current);
    const key = itemKey(item);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  });
  const allSelected = items.length > 0 && selection.length === items.length;
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(items.map(itemKey)));

  const upload = (files: File[]) => {
    resetUpload.current?.();
    if (files.length > 0) void uploads.start(files, target);
  };

  const renaming = dialog?.kind === 'rename' ? dialog.item : null;
  const moving = dialog?.kind === 'move' ? dialog.items : null;
  const movingIds = useMemo(() => (moving ? idsOf(moving) : null), [moving]);

  return (
    <Grid gap={{ base: 'md', sm: 'xl' }} data-testid="document-cloud">
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <Stack gap="md">
          <ViewButtons view={view} onChange={(tab) => go(viewOfTab(tab))} />
          <CapacityBar />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 9 }} miw={0}>
        <Stack gap="md">
          <SearchBox keyword={view.kind === 'search' ? view.keyword : ''} onSearch={(keyword) => go(keyword ? { kind: 'search', keyword } : { kind: 'folder', folderId: '' })} />
          <Group gap="xs" wrap="wrap">
            <FileButton onChange={upload} multiple resetRef={resetUpload} inputProps={{ 'data-testid': 'cloud-upload-input' } as ComponentPropsWithoutRef<'input'>}>
              {(props) => <Button {...props} leftSection={<IconUpload size={16} />} radius="xl" data-testid="cloud-upload">{t('cloud.toolbar.upload')}</Button>}
            </FileButton>
            <Button variant="default" radius="xl" leftSection={<IconLink size={16} />} onClick={() => setDialog({ kind: 'importUrl' })} data-testid="cloud-import-url">
              {t('cloud.toolbar.importUrl')}
            </Button>
            <Button variant="default" radius="xl" leftSection={<IconFolderPlus size={16} />} onClick={() => setDialog({ kind: 'newFolder' })} data-testid="cloud-new-folder">
              {t('cloud.toolbar.newFolder')}
            </Button>
          </Group>
          <UploadPanel entries={uploads.entries} onCancel={uploads.cancel} onClear={uploads.clearFinished} />

          {view.kind === 'folder' && <CloudBreadcrumbs path={listing.path} onDrop={actions.dropInto} />}
          {view.kind === 'search' && (
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="cloud-search-title">{t('cloud.search.title', { keyword: view.keyword })}</Text>
              <Button variant="subtle" size="compact-sm" onClick={() => go({ kind: 'folder', folderId: '' })}>{t('cloud.search.clear')}</Button>
            </Group>
          )}

          {selection.length > 0 ? (
            <SelectionBar
              items={selection}
              onStar={(fileIds, starred) => void run(() => setStarred(fileIds, starred))}
              onMove={() => setDialog({ kind: 'move', items: selection })}
              onDownload={() => download(selection)}
              onDelete={() => setDialog({ kind: 'delete', items: selection })}
              onClear={() => setSelected(new Set())}
              allSelected={allSelected}
              onToggleAll={toggleAll}
            />
          ) : items.length > 0 && (
            <Group justify="space-between" wrap="nowrap" gap="xs" px={10}>
              <Checkbox checked={false} onChange={toggleAll} label={t('cloud.list.selectAll')} size="sm" data-testid="cloud-select-all" />
              <Group gap="xs" wrap="nowrap">
                <Text fz="sm" c="dimmed" data-testid="cloud-count">{t('cloud.list.count', { count: listing.total })}</Text>
                <LayoutToggle layout={layout} onChange={setLayout} />
              </Group>
            </Group>
          )}

          {listing.isPending ? (
            <Center py={60}><Loader aria-label={t('app.loading')} /></Center>
          ) : listing.error ? (
            <Alert color="red.8" variant="light" data-testid="cloud-error">
              <Stack gap="xs" align="flex-start">
                <Text fz="sm">{errorMessage(toApiError(listing.error).code)}</Text>
                <Group gap="xs">
                  <Button size="compact-sm" variant="light" color="red.8" onClick={listing.refetch}>{t('cloud.retry')}</Button>
                  {view.kind === 'folder' && view.folderId !== '' && (
                    <Button size="compact-sm" variant="subtle" onClick={() => go({ kind: 'folder', folderId: '' })}>{t('cloud.views.all')}</Button>
                  )}
                </Group>
              </Stack>
            </Alert>
          ) : items.length === 0 ? (
            <EmptyState view={view} />
          ) : (
            <>
              <CloudItems items={items} layout={layout} selected={selected} onToggle={toggle} actions={actions} locationOf={locationOf} />
              {listing.hasMore && (
                <Center>
                  <Button variant="default" radius="xl" onClick={listing.loadMore} loading={listing.loadingMore} data-testid="cloud-load-more">
                    {t('cloud.list.loadMore')}
                  </Button>
                </Center>
              )}
            </>
          )}
        </Stack>
      </Grid.Col>

      <NameDialog
        opened={dialog?.kind === 'newFolder'}
        title={t('cloud.newFolder.title')}
        label={t('cloud.newFolder.label')}
        submitLabel={t('cloud.newFolder.submit')}
        initial=""
        selectBaseName={false}
        onSubmit={async (name) => {
          await createFolder(name, target);
          await refresh();
        }}
        onClose={() => setDialog(null)}
        testId="new-folder-dialog"
      />
      <NameDialog
        opened={renaming !== null}
        title={renaming?.kind === 'folder' ? t('cloud.rename.folderTitle') : t('cloud.rename.title')}
        label={t('cloud.rename.label')}
        submitLabel={t('cloud.rename.submit')}
        initial={renaming ? itemName(renaming) : ''}
        selectBaseName={renaming?.kind === 'document'}
        onSubmit={async (name) => {
          if (!renaming) return;
          if (renaming.kind === 'folder') await renameFolder(renaming.folder.folder_id, name);
          else await renameDocument(renaming.document.file_id, name);
          await refresh();
        }}
        onClose={() => setDialog(null)}
        testId="rename-dialog"
      />
      <MoveDialog
        items={movingIds}
        count={moving?.length ?? 0}
        onMove={(folderId) => (movingIds ? move(movingIds, folderId) : Promise.resolve(false))}
        onClose={() => setDialog(null)}
      />
      <DeleteDialog
        items={dialog?.kind === 'delete' ? dialog.items : null}
        onDelete={async () => {
          if (dialog?.kind !== 'delete') return;
          await deleteItems(idsOf(dialog.items));
          setSelected(new Set());
          await refresh();
        }}
        onClose={() => setDialog(null)}
      />
      <ImportUrlDialog
        opened={dialog?.kind === 'importUrl'}
        folderId={target}
        onImported={refresh}
        onCapacityExceeded={openFull}
        onClose={() => setDialog(null)}
      />
      <CapacityDialog reason={full ? 'full' : null} offer={capacity.data ? capacityOffer(capacity.data) : 'store'} onClose={() => setFull(false)} />
    </Grid>
  );
}

function ViewButtons({ view, onChange }: { view: CloudView; onChange: (tab: CloudTab) => void }) {
  const { t } = useTranslation();
  const current = tabOf(view);
  const button = (tab: CloudTab, label: string, icon: ReactNode) => (
    <Button
      key={tab}
      variant={current === tab ? 'light' : 'subtle'}
      color={current === tab ? 'brand' : 'gray'}
      justify="flex-start"
      radius="xl"
      leftSection={icon}
      onClick={() => onChange(tab)}
      aria-current={current === tab ? 'page' : undefined}
      className={classes.viewButton}
      data-testid={`cloud-view-${tab}`}
    >
      {label}
    </Button>
  );
  return (
    <nav aria-label={t('cloud.views.label')} className={classes.views}>
      {button('recent', t('cloud.views.recent'), <IconClock size={16} />)}
      {button('starred', t('cloud.views.starred'), <IconStar size={16} />)}
      {button('all', t('cloud.views.all'), <IconFolderOpen size={16} />)}
    </nav>
  );
}

function SearchBox({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(keyword);
  useEffect(() => setValue(keyword), [keyword]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form onSubmit={submit} role="search">
      <TextInput
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        placeholder={t('cloud.search.placeholder')}
        aria-label={t('cloud.search.label')}
        radius="xl"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={value !== '' ? (
          <CloseButton
            size="sm"
            aria-label={t('cloud.search.clear')}
            onClick={() => {
              setValue('');
              if (keyword !== '') onSearch('');
            }}
          />
        ) : null}
        data-testid="cloud-search"
      />
    </form>
  );
}

function LayoutToggle({ layout, onChange }: { layout: CloudLayout; onChange: (layout: CloudLayout) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant={layout === 'list' ? 'light' : 'subtle'} color="gray" onClick={() => onChange('list')} aria-label={t('cloud.list.asList')} aria-pressed={layout === 'list'} data-testid="cloud-layout-list">
        <IconList size={18} />
      </ActionIcon>
      <ActionIcon variant={layout === 'grid' ? 'light' : 'subtle'} color="gray" onClick={() => onChange('grid')} aria-label={t('cloud.list.asGrid')} aria-pressed={layout === 'grid'} data-testid="cloud-layout-grid">
        <IconLayoutGrid size={18} />
      </ActionIcon>
    </Group>
  );
}

function SelectionBar({ items, onStar, onMove, onDownload, onDelete, onClear, allSelected, onToggleAll }: {
  items: CloudItem[];
  onStar: (fileIds: string[], starred: boolean) => void;
  onMove: () => void;
  onDownload: () => void;
  onDelete: () => void;
  onClear: () => void;
  allSelected: boolean;
  onToggleAll: () => void;
}) {
  const { t } = useTranslation();
  const star = starActionOf(items);
  return (
    <Paper withBorder radius="md" px={10} py={6} bg="var(--mantine-color-brand-0)" data-testid="cloud-selection" role="region" aria-label={t('cloud.selection.label')}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="sm" wrap="nowrap">
          <Checkbox
            checked={allSelected}
            indeterminate={!allSelected}
            onChange={onToggleAll}
            aria-label={allSelected ? t('cloud.selection.clear') : t('cloud.list.selectAll')}
            size="sm"
            data-testid="cloud-select-all"
          />
          <Text fz="sm" fw={600} data-testid="cloud-selection-count">{t('cloud.selection.count', { count: items.length })}</Text>
        </Group>
        <Group gap={4} wrap="wrap">
          {star && (
            <Button size="compact-sm" variant="subtle" leftSection={star.starred ? <IconStar size={14} /> : <IconStarOff size={14} />}
              onClick={() => onStar(star.fileIds, star.starred)} data-testid="selection-star">
              {star.starred ? t('cloud.actions.star') : t('cloud.actions.unstar')}
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" leftSection={<IconFolderSymlink size={14} />} onClick={onMove} data-testid="selection-move">
            {t('cloud.actions.move')}
          </Button>
          <Button size="compact-sm" variant="subtle" leftSection={<IconDownload size={14} />} onClick={onDownload} data-testid="selection-download">
            {t('cloud.actions.downloadZip')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red.8" leftSection={<IconTrash size={14} />} onClick={onDelete} data-testid="selection-delete">
            {t('cloud.actions.delete')}
          </Button>
          <CloseButton size="sm" onClick={onClear} aria-label={t('cloud.selection.clear')} data-testid="selection-clear" />
        </Group>
      </Group>
    </Paper>
  );
}

function EmptyState({ view }: { view: CloudView }) {
  const { t } = useTranslation();
  let icon = <IconCloudUpload size={40} stroke={1.3} />;
  let title = t('cloud.empty.rootTitle');
  let hint = t('cloud.empty.rootHint');
  if (view.kind === 'recent') {
    icon = <IconClock size={40} stroke={1.3} />;
    title = t('cloud.empty.recentTitle');
    hint = t('cloud.empty.recentHint');
  } else if (view.kind === 'starred') {
    icon = <IconStar size={40} stroke={1.3} />;
    title = t('cloud.empty.starredTitle');
    hint = t('cloud.empty.starredHint');
  } else if (view.kind === 'search') {
    icon = <IconSearch size={40} stroke={1.3} />;
    title = t('cloud.empty.searchTitle', { keyword: view.keyword });
    hint = t('cloud.empty.searchHint');
  } else if (view.folderId !== '') {
    icon = <IconFolderOpen size={40} stroke={1.3} />;
    title = t('cloud.empty.folderTitle');
    hint = t('cloud.empty.folderHint');
  }
  return (
    <Stack align="center" gap={6} py={56} ta="center" data-testid="cloud-empty" data-view={view.kind}>
      <Box c="gray.5" aria-hidden="true">{icon}</Box>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{title}</Text>
      <Text fz="sm" c="dimmed" maw={360}>{hint}</Text>
    </Stack>
  );
}

