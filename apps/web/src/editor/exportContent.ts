/**
 * Export from the editor (SPEC §4): the tool goes back to SELECT, and 20 ms later the edits go
 * to the server (`document/content`), whose task writes them into the PDF; the result downloads.
 * Share from the editor generates the same file, uploads it (one PUT up to 524,288 bytes, else
 * in parts) and opens the share dialog on the new file_id.
 */
import { editorRoutes, type EditorAnnotation, type ExistingAnnotation, type ImageEdit, type NewImage, type NewTextBlock } from '@pagewright/contracts';
import { ApiError } from '../api/ApiError';
import { call } from '../api/http';
import { uploadFile } from '../api/upload';
import { openShareDialog } from '../share/shareDialog';
import { downloadDocUrl } from '../api/client';
import { followTask } from '../api/taskPoller';
import { startDownload } from '../share/startDownload';
import { useEditor } from './editorStore';
import { formFills, useForms } from './forms/formStore';
import { isContent, type EditorItem } from './geometry';

/** SPEC §4: the convert request follows the export click after 20 ms. */
const EXPORT_DELAY_MS = 20;

/**
 * What the export carries: the new annotations and the changed ones (the editor's ids stay in
 * the browser), and the PDF's own annotations to remove, those deleted or changed. An edit
 * makes a new item object, so an unchanged one is the very object loaded.
 */
export function contentOf(items: EditorItem[], originals: Record<string, EditorItem>): { annotations: EditorAnnotation[]; removed: ExistingAnnotation[] } {
  const changed = (item: EditorItem) => originals[item.id] !== item;
  const annotations = items.filter((i) => changed(i) && !isContent(i)).map(({ id: _id, origin: _origin, ...annotation }) => annotation as EditorAnnotation);
  const kept = new Set(items.filter((i) => !changed(i)).map((i) => i.id));
  const removed = Object.values(originals)
    .filter((o) => !isContent(o) && !kept.has(o.id))
    .map((o) => ({ page: o.page, ref: o.origin! }));
  return { annotations, removed };
}

/**
 * Edit mode's page content: the new text blocks (those typed in) and pictures, and the page's
 * own images moved or resized (to their box now) or deleted (to null).
 */
export function pageContentOf(items: EditorItem[], originals: Record<string, EditorItem>): { text_blocks: NewTextBlock[]; images: NewImage[]; image_edits: ImageEdit[] } {
  const text_blocks: NewTextBlock[] = [];
  const images: NewImage[] = [];
  for (const item of items) {
    if (item.kind === 'text block' && item.text.trim() !== '') text_blocks.push({ page: item.page, rect: item.rect, text: item.text, font: item.font });
    if (item.kind === 'new image') images.push({ page: item.page, rect: item.rect, image: item.image });
  }
  const now = new Map(items.map((i) => [i.id, i]));
  const image_edits: ImageEdit[] = [];
  for (const original of Object.values(originals)) {
    if (original.kind !== 'page image' || now.get(original.id) === original) continue;
    const current = now.get(original.id);
    image_edits.push({ page: original.page, use: original.use, box: original.box, to: current?.kind === 'page image' ? current.rect : null });
  }
  return { text_blocks, images, image_edits };
}

/** The edited file's name: `report.pdf` → `report-edited.pdf`, as the server names the result. */
export function editedName(name: string): string {
  return `${name.replace(/\.pdf$/i, '')}-edited.pdf`;
}

/** Applies the edits on the server and returns the finished task's id. */
async function generate(fileId: string, password: string | undefined, onProgress: (percent: number) => void): Promise<string> {
  useEditor.setState({ tool: 'SELECT', activeId: null, editingId: null, editingWordId: null });
  await new Promise((resolve) => setTimeout(resolve, EXPORT_DELAY_MS));
  const { items, originals, wordEdits } = useEditor.getState();
  const textEdits = wordEdits.filter((e) => e.replace !== e.find).map(({ id: _id, ...edit }) => edit);
  const pageContent = pageContentOf(items, originals);
  // Only an export that edits the page's content is CONTENT_EDIT, which takes a daily PDF use; annotating is exempt (SPEC §5).
  const contentEdits = textEdits.length + pageContent.text_blocks.length + pageContent.images.length + pageContent.image_edits.length;
  const mode = contentEdits > 0 ? 'CONTENT_EDIT' : 'ANNOTATE';
  const forms = useForms.getState();
  const created = await call(editorRoutes.content, {
    query: { file_id: fileId, t: String(Date.now()), ...(password ? { password } : {}) },
    body: { content: { mode, ...contentOf(items, originals), text_edits: textEdits, ...pageContent, fields: formFills(forms), flatten_forms: forms.flatten } },
  });
  await followTask(created.task_id, { onProgress });
  return created.task_id;
}

export async function exportDocument(fileId: string, password: string | undefined, name: string, onProgress: (percent: number) => void): Promise<void> {
  const taskId = await generate(fileId, password, onProgress);
  startDownload(downloadDocUrl(taskId), editedName(name));
}

/** Whether the editor holds anything an export would write: annotations, removals, replaced words, form values. */
export function hasEdits(): boolean {
  const { items, originals, wordEdits } = useEditor.getState();
  const { annotations, removed } = contentOf(items, originals);
  const { text_blocks, images, image_edits } = pageContentOf(items, originals);
  return annotations.length + removed.length + text_blocks.length + images.length + image_edits.length > 0 || wordEdits.some((e) => e.replace !== e.find) || formFills(useForms.getState()).length > 0;
}

/** The edited PDF, generated on the server and uploaded as a new file of the caller (sharing and signing start from it). */
export async function uploadEdited(fileId: string, password: string | undefined, name: string, onProgress: (percent: number) => void): Promise<{ fileId: string; name: string }> {
  const taskId = await generate(fileId, password, onProgress);
  const response = await fetch(downloadDocUrl(taskId), { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError('ERR_BAD_RESPONSE');
  const file = new File([await response.blob()], editedName(name), { type: 'application/pdf' });
  const uploaded = await uploadFile(file);
  return { fileId: uploaded.file_id, name: file.name };
}

export async function shareDocument(fileId: string, password: string | undefined, name: string, onProgress: (percent: number) => void): Promise<void> {
  const uploaded = await uploadEdited(fileId, password, name, onProgress);
  openShareDialog({ fileId: uploaded.fileId, name: uploaded.name });
}
