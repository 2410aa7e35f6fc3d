/**
 * Export from the editor (SPEC §4): the tool goes back to SELECT, and 20 ms later the edits go
 * to the server (`document/content`), whose task writes them into the PDF; the result downloads.
 */
import { editorRoutes, type EditorAnnotation, type ExistingAnnotation } from '@pagewright/contracts';
import { call } from '../api/http';
import { downloadDocUrl } from '../api/client';
import { followTask } from '../api/taskPoller';
import { startDownload } from '../share/startDownload';
import { useEditor } from './editorStore';
import type { EditorItem } from './geometry';

/** SPEC §4: the convert request follows the export click after 20 ms. */
const EXPORT_DELAY_MS = 20;

/**
 * What the export carries: the new annotations and the changed ones (the editor's ids stay in
 * the browser), and the PDF's own annotations to remove, those deleted or changed. An edit
 * makes a new item object, so an unchanged one is the very object loaded.
 */
export function contentOf(items: EditorItem[], originals: Record<string, EditorItem>): { annotations: EditorAnnotation[]; removed: ExistingAnnotation[] } {
  const changed = (item: EditorItem) => originals[item.id] !== item;
  const annotations = items.filter(changed).map(({ id: _id, origin: _origin, ...annotation }) => annotation as EditorAnnotation);
  const kept = new Set(items.filter((i) => !changed(i)).map((i) => i.id));
  const removed = Object.values(originals)
    .filter((o) => !kept.has(o.id))
    .map((o) => ({ page: o.page, ref: o.origin! }));
  return { annotations, removed };
}

export async function exportDocument(fileId: string, password: string | undefined, name: string, onProgress: (percent: number) => void): Promise<void> {
  useEditor.setState({ tool: 'SELECT', activeId: null, editingId: null, editingWordId: null });
  await new Promise((resolve) => setTimeout(resolve, EXPORT_DELAY_MS));
  const { items, originals, wordEdits } = useEditor.getState();
  const textEdits = wordEdits.filter((e) => e.replace !== e.find).map(({ id: _id, ...edit }) => edit);
  // Only an export that edits text is CONTENT_EDIT, which takes a daily PDF use; annotating is exempt (SPEC §5).
  const mode = textEdits.length > 0 ? 'CONTENT_EDIT' : 'ANNOTATE';
  const created = await call(editorRoutes.content, {
    query: { file_id: fileId, t: String(Date.now()), ...(password ? { password } : {}) },
    body: { content: { mode, ...contentOf(items, originals), text_edits: textEdits } },
  });
  await followTask(created.task_id, { onProgress });
  startDownload(downloadDocUrl(created.task_id), name.replace(/\.pdf$/i, '') + '-edited.pdf');
}
