/**
 * Export from the editor (SPEC §4): the tool goes back to SELECT, and 20 ms later the edits go
 * to the server (`document/content`), whose task writes them into the PDF; the result downloads.
 */
import { editorRoutes, type EditorAnnotation } from '@pagewright/contracts';
import { call } from '../api/http';
import { downloadDocUrl } from '../api/client';
import { followTask } from '../api/taskPoller';
import { startDownload } from '../share/startDownload';
import { useEditor } from './editorStore';
import type { EditorItem } from './geometry';

/** SPEC §4: the convert request follows the export click after 20 ms. */
const EXPORT_DELAY_MS = 20;

/** The annotations as the contract carries them: the editor's ids stay in the browser. */
export function contentOf(items: EditorItem[]): EditorAnnotation[] {
  return items.map(({ id: _id, ...annotation }) => annotation as EditorAnnotation);
}

export async function exportDocument(fileId: string, password: string | undefined, name: string, onProgress: (percent: number) => void): Promise<void> {
  useEditor.setState({ tool: 'SELECT', activeId: null, editingId: null });
  await new Promise((resolve) => setTimeout(resolve, EXPORT_DELAY_MS));
  const annotations = contentOf(useEditor.getState().items);
  const created = await call(editorRoutes.content, {
    query: { file_id: fileId, t: String(Date.now()), ...(password ? { password } : {}) },
    body: { content: { mode: 'ANNOTATE', annotations } },
  });
  await followTask(created.task_id, { onProgress });
  startDownload(downloadDocUrl(created.task_id), name.replace(/\.pdf$/i, '') + '-edited.pdf');
}
