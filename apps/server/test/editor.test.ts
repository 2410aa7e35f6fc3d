/**
 * The PDF editor's calls over real HTTP with the spec's paywalls on: document/content writes the
 * editor's annotations into the caller's own PDF as real annotations (read back with MuPDF), is
 * refused on another's file, exempts annotate mode from the daily PDF uses (SPEC §5) and not
 * edit mode; document/source hands the viewer the owner's bytes only.
 */
import * as mupdf from 'mupdf';
import type { EditorAnnotationInput, TaskCreated } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { encryptPdf, makePdf } from './pdfFixtures.js';
import { pageTexts } from './readBack.js';
import { newClient, signUp, uploadedFileId, waitForTask, type Client, useServer } from './harness.js';

const server = useServer({ env: { PAYWALLS: 'on' } });



function exportContent(client: Client, fileId: string, annotations: EditorAnnotationInput[], mode = 'ANNOTATE', password?: string) {
  const query = new URLSearchParams({ file_id: fileId, t: String(Date.now()), ...(password ? { password } : {}) });
  return client.api<TaskCreated>('POST', `/api/document/content?${query}`, { content: { mode, annotations } });
}

/** The subtypes of each page's annotations, read back by MuPDF from the downloaded file. */
function subtypesOf(pdf: Buffer): string[][] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF()!;
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => (doc.loadPage(i) as mupdf.PDFPage).getAnnotations().map((a) => a.getType()));
  } finally {
    doc.destroy();
  }
}

const three: EditorAnnotationInput[] = [
  { kind: 'highlight', page: 1, color: '#ffeb3b', opacity: 0.5, rects: [{ x: 72, y: 60, w: 150, h: 14 }] },
  {
    kind: 'free text', page: 1, color: '#000000', rect: { x: 300, y: 100, w: 160, h: 30 }, text: 'Looks right',
    font: { family: 'Helvetica', size: 12, color: '#222222', bold: false, italic: true, line_style: 'none', alignment: 'left' },
  },
  { kind: 'square', page: 2, color: '#ff0000', width: 2, rect: { x: 100, y: 100, w: 120, h: 80 } },
];

describe('document/content', () => {
  // Signed in: with the paywalls on, a guest signs in before downloading (SPEC §6).
  it('writes Highlight, FreeText and Square annotations into the download of an annotate export', async () => {
    const { client } = await signUp(server);
    const fileId = await uploadedFileId(server, client, 'report.pdf', makePdf(['first page', 'second page']));
    const created = await exportContent(client, fileId, three);
    expect(created.env.code).toBe(0);
    const result = await waitForTask(server, created.env.data.task_id, undefined, client);
    expect(result.items[0]).toMatchObject({ status: 0, output_file_name: 'report-edited.pdf', detail: { annotations: 3 } });
    const res = await client.fetch(`/api/document/download-doc?task_id=${created.env.data.task_id}`);
    expect(subtypesOf(Buffer.from(await res.arrayBuffer()))).toEqual([['Highlight', 'FreeText'], ['Square']]);
  });

  it("refuses another visitor's file_id with 2405, as if it did not exist", async () => {
    const owner = newClient(server);
    const fileId = await uploadedFileId(server, owner, 'mine.pdf', makePdf(['secret']));
    const other = newClient(server);
    const refused = await exportContent(other, fileId, three);
    expect(refused.env.code).toBe(2405);
    const source = await other.api('GET', `/api/document/source?file_id=${fileId}`);
    expect(source.env.code).toBe(2405);
  });

  it('hands the owner the exact stored bytes of the PDF through document/source', async () => {
    const client = newClient(server);
    const bytes = makePdf(['view me']);
    const fileId = await uploadedFileId(server, client, 'view.pdf', bytes);
    const res = await client.fetch(`/api/document/source?file_id=${fileId}`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses a malformed annotation and an unknown kind with INVALID_PARAMS', async () => {
    const client = newClient(server);
    const fileId = await uploadedFileId(server, client, 'bad.pdf', makePdf(['x']));
    const noRects = await exportContent(client, fileId, [{ kind: 'highlight', page: 1, color: '#ffeb3b', rects: [] }]);
    expect(noRects.env.code).toBe('INVALID_PARAMS');
    const unknown = await exportContent(client, fileId, [{ kind: 'hologram', page: 1, color: '#000000' } as unknown as EditorAnnotationInput]);
    expect(unknown.env.code).toBe('INVALID_PARAMS');
    const badColour = await exportContent(client, fileId, [{ kind: 'comment', page: 1, color: 'red', at: [1, 1], text: 'x' }]);
    expect(badColour.env.code).toBe('INVALID_PARAMS');
  });

  it('fails the task with PAGE_RANGE_INVALID for an annotation past the last page', async () => {
    const client = newClient(server);
    const fileId = await uploadedFileId(server, client, 'one.pdf', makePdf(['only']));
    const created = await exportContent(client, fileId, [{ kind: 'comment', page: 2, color: '#000000', at: [10, 10], text: 'x' }]);
    const result = await waitForTask(server, created.env.data.task_id, undefined, client);
    expect(result.items[0]!.status).toBe('PAGE_RANGE_INVALID');
  });

  it('writes a standard stamp and a signature picture as Stamp annotations; refuses a picture over 3 MB with INVALID_PARAMS and fails the task on an unreadable one', async () => {
    const { client } = await signUp(server);
    const fileId = await uploadedFileId(server, client, 'sign-me.pdf', makePdf(['to be signed']));
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 60, 20], false);
    pixmap.clear(40);
    const png = `data:image/png;base64,${Buffer.from(pixmap.asPNG()).toString('base64')}`;
    pixmap.destroy();
    const stamps: EditorAnnotationInput[] = [
      { kind: 'stamp', page: 1, color: '#c62828', rect: { x: 72, y: 100, w: 180, h: 50 }, stamp: { type: 'label', name: 'Approved' } },
      { kind: 'stamp', page: 1, color: '#000000', rect: { x: 72, y: 200, w: 150, h: 50 }, stamp: { type: 'signature', sign: 'draw', image: png } },
    ];
    const created = await exportContent(client, fileId, stamps);
    expect(created.env.code).toBe(0);
    const result = await waitForTask(server, created.env.data.task_id, undefined, client);
    expect(result.items[0]).toMatchObject({ status: 0, detail: { annotations: 2 } });
    const res = await client.fetch(`/api/document/download-doc?task_id=${created.env.data.task_id}`);
    expect(subtypesOf(Buffer.from(await res.arrayBuffer()))).toEqual([['Stamp', 'Stamp']]);

    const huge = `data:image/png;base64,${'A'.repeat(3 * 1024 * 1024)}`;
    const tooLarge = await exportContent(client, fileId, [{ ...stamps[1]!, stamp: { type: 'image', image: huge } } as EditorAnnotationInput]);
    expect(tooLarge.env.code).toBe('INVALID_PARAMS');
    const unreadable = await exportContent(client, fileId, [{ ...stamps[1]!, stamp: { type: 'image', image: 'data:image/png;base64,bm90IGEgcGljdHVyZQ==' } } as EditorAnnotationInput]);
    expect(unreadable.env.code).toBe(0);
    expect((await waitForTask(server, unreadable.env.data.task_id, undefined, client)).items[0]!.status).toBe('INVALID_PARAMS');
  });

  it('opens an encrypted PDF with the password given in the query', async () => {
    const { client } = await signUp(server);
    const fileId = await uploadedFileId(server, client, 'locked.pdf', encryptPdf(makePdf(['locked', 'two']), 'opensesame'));
    const created = await exportContent(client, fileId, three, 'ANNOTATE', 'opensesame');
    const result = await waitForTask(server, created.env.data.task_id, undefined, client);
    expect(result.items[0]!.status).toBe(0);
    const res = await client.fetch(`/api/document/download-doc?task_id=${created.env.data.task_id}`);
    expect(subtypesOf(Buffer.from(await res.arrayBuffer()))).toEqual([['Highlight', 'FreeText'], ['Square']]);
  });

  it('replaces a word in place in an edit export, and refuses text edits in annotate mode with INVALID_PARAMS', async () => {
    const { client } = await signUp(server);
    const fileId = await uploadedFileId(server, client, 'plan.pdf', makePdf(['Plan A beats Plan B']));
    // makePdf sets 24-point Helvetica at x 72 on a baseline 700 points up: the first "Plan" is about 72..120 wide, 75..100 high from the top.
    const edit = { page: 1, box: { x: 72, y: 76, w: 48, h: 24 }, find: 'Plan', replace: 'Option' };
    const refused = await client.api('POST', `/api/document/content?file_id=${fileId}`, { content: { mode: 'ANNOTATE', text_edits: [edit] } });
    expect(refused.env.code).toBe('INVALID_PARAMS');
    const created = await client.api<TaskCreated>('POST', `/api/document/content?file_id=${fileId}`, { content: { mode: 'CONTENT_EDIT', text_edits: [edit] } });
    expect(created.env.code).toBe(0);
    const result = await waitForTask(server, created.env.data.task_id, undefined, client);
    expect(result.items[0]).toMatchObject({ status: 0, detail: { text_edits: 1 } });
    const res = await client.fetch(`/api/document/download-doc?task_id=${created.env.data.task_id}`);
    // The new word is written as its own text object, which MuPDF reads after the line: the words, not their order.
    const [text] = pageTexts(Buffer.from(await res.arrayBuffer()));
    expect(text!.split(/\s+/).sort()).toEqual(['A', 'B', 'Option', 'Plan', 'beats']);
  });

  /** A one-page PDF (612 x 792) with a line of text and a grey picture displayed at (100, 100) 200 x 100. */
  function pdfWithImage(): Buffer {
    const doc = new mupdf.PDFDocument();
    try {
      const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 40, 20], false);
      pixmap.clear(90);
      const image = new mupdf.Image(pixmap);
      const ref = doc.addImage(image);
      image.destroy();
      pixmap.destroy();
      const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
      const page = doc.addPage([0, 0, 612, 792], 0, { Font: { F1: font }, XObject: { Im1: ref } }, 'q 200 0 0 100 100 592 cm /Im1 Do Q\nBT /F1 12 Tf 72 72 Td (Quarterly figures) Tj ET');
      doc.insertPage(-1, page);
      return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
    } finally {
      doc.destroy();
    }
  }

  function imagesOf(pdf: Buffer): number {
    const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
    let count = 0;
    const page = doc.loadPage(0);
    const device = new mupdf.Device({ fillImage: () => void count++ });
    page.run(device, mupdf.Matrix.identity);
    device.close();
    doc.destroy();
    return count;
  }

  const picture = (() => {
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 30, 30], false);
    pixmap.clear(200);
    const png = `data:image/png;base64,${Buffer.from(pixmap.asPNG()).toString('base64')}`;
    pixmap.destroy();
    return png;
  })();
  const block = {
    page: 1, rect: { x: 72, y: 300, w: 300, h: 40 }, text: 'Signed off by the board',
    font: { family: 'Helvetica', size: 14, color: '#000000', bold: false, italic: false, line_style: 'none', alignment: 'left' },
  };
  const removeImage = { page: 1, use: 0, box: { x: 100, y: 100, w: 200, h: 100 }, to: null };

  it('draws a new text block and picture into the page and removes the page\'s own image in an edit export (page text, no annotations)', async () => {
    const { client } = await signUp(server);
    const fileId = await uploadedFileId(server, client, 'figures.pdf', pdfWithImage());
    const content = { mode: 'CONTENT_EDIT', text_blocks: [block], images: [{ page: 1, rect: { x: 400, y: 400, w: 60, h: 60 }, image: picture }], image_edits: [removeImage] };
    const created = await client.api<TaskCreated>('POST', `/api/document/content?file_id=${fileId}`, { content });
    expect(created.env.code).toBe(0);
    const result = await waitForTask(server, created.env.data.task_id, undefined, client);
    expect(result.items[0]).toMatchObject({ status: 0, detail: { text_blocks: 1, images: 1, image_edits: 1 } });
    const pdf = Buffer.from(await (await client.fetch(`/api/document/download-doc?task_id=${created.env.data.task_id}`)).arrayBuffer());
    expect(pageTexts(pdf)[0]).toContain('Signed off by the board');
    expect(imagesOf(pdf)).toBe(1);
    expect(subtypesOf(pdf)).toEqual([[]]);
  });

  it('refuses bad content edits with INVALID_PARAMS: in annotate mode, empty text, a negative size, a picture over 3 MB, twice the same image; an image the page does not have fails the task with INVALID_PARAMS', async () => {
    const { client } = await signUp(server);
    const fileId = await uploadedFileId(server, client, 'checks.pdf', pdfWithImage());
    const post = (content: Record<string, unknown>) => client.api<TaskCreated>('POST', `/api/document/content?file_id=${fileId}`, { content });
    expect((await post({ mode: 'ANNOTATE', text_blocks: [block] })).env.code).toBe('INVALID_PARAMS');
    expect((await post({ mode: 'ANNOTATE', image_edits: [removeImage] })).env.code).toBe('INVALID_PARAMS');
    expect((await post({ mode: 'CONTENT_EDIT', text_blocks: [{ ...block, text: '' }] })).env.code).toBe('INVALID_PARAMS');
    expect((await post({ mode: 'CONTENT_EDIT', images: [{ page: 1, rect: { x: 1, y: 1, w: -5, h: 5 }, image: picture }] })).env.code).toBe('INVALID_PARAMS');
    const huge = `data:image/png;base64,${'A'.repeat(3 * 1024 * 1024)}`;
    expect((await post({ mode: 'CONTENT_EDIT', images: [{ page: 1, rect: { x: 1, y: 1, w: 5, h: 5 }, image: huge }] })).env.code).toBe('INVALID_PARAMS');
    expect((await post({ mode: 'CONTENT_EDIT', image_edits: [removeImage, { ...removeImage, to: { x: 0, y: 0, w: 10, h: 10 } }] })).env.code).toBe('INVALID_PARAMS');
    const elsewhere = await post({ mode: 'CONTENT_EDIT', image_edits: [{ ...removeImage, box: { x: 300, y: 500, w: 50, h: 50 } }] });
    expect(elsewhere.env.code).toBe(0);
    expect((await waitForTask(server, elsewhere.env.data.task_id, undefined, client)).items[0]!.status).toBe('INVALID_PARAMS');
    const other = newClient(server);
    const foreign = await other.api('POST', `/api/document/content?file_id=${fileId}`, { content: { mode: 'CONTENT_EDIT', image_edits: [removeImage] } });
    expect(foreign.env.code).toBe(2405);
  });

  it("exempts annotate exports from a guest's daily task, but not edit exports (1100777)", async () => {
    const guest = newClient(server);
    const fileId = await uploadedFileId(server, guest, 'daily.pdf', makePdf(['one', 'two']));
    const rotate = await guest.api<TaskCreated>('POST', '/api/document/rotate', { file_id: fileId, angle: 90, pages: '1' });
    expect(rotate.env.code).toBe(0);
    expect((await guest.api('POST', '/api/document/rotate', { file_id: fileId, angle: 90 })).env.code).toBe(1100777);
    const annotate = await exportContent(guest, fileId, three);
    expect(annotate.env.code).toBe(0);
    const edit = await exportContent(guest, fileId, three, 'CONTENT_EDIT');
    expect(edit.env.code).toBe(1100777);
  });
});
