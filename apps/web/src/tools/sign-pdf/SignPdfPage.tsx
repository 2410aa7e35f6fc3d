import { Button, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { toolByPageName, type SignStoredItem, type ToolDefinition } from '@pagewright/contracts';
import { IconCopy, IconPlus, IconSignature } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startSign } from '../../api/client';
import { uploadFile } from '../../api/upload';
import { useFileStore } from '../../files/fileStore';
import { showErrorToast } from '../../toasts/errorToast';
import { Workspace } from '../../workspace/Workspace';
import type { CreateTask } from '../../workspace/taskRun';
import { BoxOverlay } from '../shared/BoxOverlay';
import { roundRect, type Rect } from '../shared/geometry';
import { PagedPreview, defaultPageSize, usePreviewPage } from '../shared/PagedPreview';
import type { PageSize } from '../shared/PagePreview';
import { PanelTitle } from '../shared/PanelTitle';
import { fileIdOf, passwordOf, useReadyFile } from '../shared/readyFile';
import { SavedSignatures } from './SavedSignatures';
import { SignatureCreator, type CreatedSignature } from './SignatureCreator';
import { useSavedSignatures } from './savedSignatures';
import { imageAspect } from './signatureImage';
import classes from './Sign.module.css';
import { useValidation } from '../../workspace/useValidation';

const signPdf = toolByPageName('sign-pdf') as ToolDefinition;

interface StoredSignature { fileId: string; url: string; aspect: number }
interface Placement { id: string; signature: string; page: number; rect: Rect }

let nextId = 1;
const DEFAULT_WIDTH = 160;

/** A new placement of a signature, centred on the page, 160 pt wide or less. */
function centred(signature: StoredSignature, page: PageSize): Rect {
  const w = Math.min(DEFAULT_WIDTH, page.w * 0.6);
  const h = Math.min(w / signature.aspect, page.h * 0.6);
  const width = h * signature.aspect;
  return { x: (page.w - width) / 2, y: (page.h - h) / 2, w: width, h };
}

/**
 * Sign PDF (SPEC §7 POST document/content/{file_id}/sign): a signature typed, drawn or
 * uploaded becomes an image uploaded like any file, then placed and sized on chosen pages.
 */
export default function SignPdfPage() {
  const { t } = useTranslation();
  const file = useReadyFile();
  const running = useFileStore((state) => state.task.phase === 'running');
  const total = file?.ossInfo?.total_page ?? 1;
  const [signatures, setSignatures] = useState<StoredSignature[]>([]);
  const [current, setCurrent] = useState<string | undefined>();
  const [placements, setPlacements] = useState<Placement[]>([]);
  const [selected, setSelected] = useState<string | undefined>();
  const { page, setPage, documentId } = usePreviewPage(file);
  const [creating, setCreating] = useState(false);
  const { checked, validated } = useValidation();
  const sizes = useRef(new Map<number, PageSize>());
  const urls = useRef<string[]>([]);
  const saved = useSavedSignatures();
  // A new document (single upload replaces the file) starts without the old one's marks.
  useEffect(() => {
    setPlacements([]);
    sizes.current.clear();
  }, [documentId]);

  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const signature = signatures.find((s) => s.fileId === current);
  const pageSize = (p: number): PageSize => sizes.current.get(p) ?? defaultPageSize(file);
  const error = placements.length === 0 ? t('sign.nothingPlaced') : null;

  const onCreate = async ({ file: image, save }: CreatedSignature) => {
    try {
      const url = URL.createObjectURL(image);
      urls.current.push(url);
      const aspect = await imageAspect(url);
      const stored = await uploadFile(image);
      // A failed save is told by its toast; the new signature is placed all the same.
      if (save) await saved.save.mutateAsync(stored.file_id).catch(() => undefined);
      const entry = { fileId: stored.file_id, url, aspect };
      setSignatures((all) => [...all, entry]);
      setCurrent(entry.fileId);
      setCreating(false);
      place(entry, page);
    } catch (failure) {
      showErrorToast(failure);
    }
  };

  /** A saved signature becomes the current one (no new upload) and is placed on this page. */
  const applySaved = (item: SignStoredItem) => {
    const known = signatures.find((s) => s.fileId === item.file_id);
    const entry = known ?? {
      fileId: item.file_id,
      url: item.output_file,
      aspect: item.page_w > 0 && item.page_h > 0 ? item.page_w / item.page_h : 3,
    };
    if (!known) setSignatures((all) => [...all, entry]);
    setCurrent(entry.fileId);
    place(entry, page);
  };

  /** The deleted image is let go by the server, so its placements go too. */
  const deleteSaved = (item: SignStoredItem) => {
    saved.remove.mutate(item.file_id, {
      onSuccess: () => {
        setSignatures((all) => all.filter((s) => s.fileId !== item.file_id));
        setPlacements((all) => all.filter((p) => p.signature !== item.file_id));
        setCurrent((fileId) => (fileId === item.file_id ? undefined : fileId));
      },
    });
  };

  const place = (sig: StoredSignature, onPage: number) => {
    const id = `p${nextId++}`;
    setPlacements((all) => [...all, { id, signature: sig.fileId, page: onPage, rect: centred(sig, pageSize(onPage)) }]);
    setSelected(id);
  };

  const copyToEveryPage = () => {
    const source = placements.find((p) => p.id === selected) ?? placements.find((p) => p.page === page);
    if (!source) return;
    const others = Array.from({ length: total }, (_, i) => i + 1).filter((p) => p !== source.page);
    setPlacements((all) => [
      ...all,
      ...others.map((p) => {
        const size = pageSize(p);
        const w = Math.min(source.rect.w, size.w);
        const h = Math.min(source.rect.h, size.h);
        return { id: `p${nextId++}`, signature: source.signature, page: p, rect: { x: Math.min(source.rect.x, size.w - w), y: Math.min(source.rect.y, size.h - h), w, h } };
      }),
    ]);
  };

  const createTask: CreateTask = ([first], signal) => {
    const target = first ?? file;
    if (!target) throw new Error('no file');
    return startSign(fileIdOf(target), passwordOf(target), {
      placements: placements.map((p) => ({ sign_file_id: p.signature, page: p.page, ...roundRect(p.rect) })),
    }, signal);
  };

  const onPage = placements.filter((p) => p.page === page);

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('sign.panelTitle')} hint={t('sign.hint')} />
      {signatures.length > 0 && (
        <SimpleGrid cols={2} spacing="xs">
          {signatures.map((sig, index) => (
            <UnstyledButton
              key={sig.fileId}
              className={classes.signatureChoice}
              data-selected={current === sig.fileId || undefined}
              onClick={() => setCurrent(sig.fileId)}
              aria-label={t('sign.choose', { index: index + 1 })}
              aria-pressed={current === sig.fileId}
              data-testid="signature-choice"
            >
              <img src={sig.url} alt="" className={classes.signatureThumb} />
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      <Button variant="light" leftSection={<IconSignature size={18} />} onClick={() => setCreating(true)} disabled={running} data-testid="sign-new">
        {signatures.length === 0 ? t('sign.create') : t('sign.createAnother')}
      </Button>
      {signature && (
        <Stack gap="xs">
          <Button variant="default" size="xs" leftSection={<IconPlus size={14} />} onClick={() => place(signature, page)} disabled={running} data-testid="sign-place">
            {t('sign.placeHere', { page })}
          </Button>
          {total > 1 && (
            <Button variant="default" size="xs" leftSection={<IconCopy size={14} />} onClick={copyToEveryPage} disabled={running || placements.length === 0} data-testid="sign-copy-all">
              {t('sign.copyAll')}
            </Button>
          )}
        </Stack>
      )}
      <SavedSignatures
        items={saved.list.data}
        loading={saved.list.isPending && saved.list.fetchStatus !== 'idle'}
        disabled={running}
        deleting={saved.remove.isPending ? saved.remove.variables : undefined}
        current={current}
        onUse={applySaved}
        onDelete={deleteSaved}
      />
      <Text fz="sm" data-testid="sign-count">{t('sign.placed', { count: placements.length })}</Text>
      {checked && error && <Text fz="sm" c="red.7" data-testid="sign-validation">{error}</Text>}
    </Stack>
  );

  const header = (
    <Group justify="space-between">
      <Text fz="sm" c="dimmed">{t('sign.placeHint')}</Text>
    </Group>
  );

  const editor = file ? (
    <PagedPreview file={file} page={page} onPageChange={setPage} onSize={(size) => sizes.current.set(page, size)} header={header}>
      {(size) => (
        <BoxOverlay
          page={size}
          kind="sign"
          minSize={12}
          keepAspect
          selectedId={selected}
          onSelect={setSelected}
          boxes={onPage.map((p, index) => ({
            id: p.id,
            rect: p.rect,
            label: t('sign.placementLabel', { index: index + 1 }),
            content: <img src={signatures.find((s) => s.fileId === p.signature)?.url} alt="" className={classes.signatureThumb} style={{ width: '100%', height: '100%', maxHeight: 'none' }} draggable={false} />,
          }))}
          onChange={(id, rect) => !running && setPlacements((all) => all.map((p) => (p.id === id ? { ...p, rect } : p)))}
          onRemove={running ? undefined : (id) => setPlacements((all) => all.filter((p) => p.id !== id))}
          removeLabel={(box) => t('sign.remove', { label: box.label })}
        />
      )}
    </PagedPreview>
  ) : null;

  return (
    <>
      <Workspace
        tool={signPdf}
        createTask={createTask}
        sidePanel={panel}
        editor={editor}
        validate={() => validated(error === null)}
      />
      <SignatureCreator opened={creating} onClose={() => setCreating(false)} onCreate={onCreate} />
    </>
  );
}
