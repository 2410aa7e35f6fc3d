import { describe, it, expect } from 'vitest';
import {
  acceptsFile,
  appNavigation,
  extensionMimeTypes,
  fileExtension,
  isToolPageName,
  toolByPageName,
  toolCategories,
  toolPageNames,
  tools,
  toolsInCategory,
  taskKindOf,
  toolsOfTaskKind,
  type ToolDefinition,
} from './tools.js';
import type { AnyRoute } from './route.js';
import { toolRoutes } from './toolRequests.js';

const specPageNames = [
  'merge-pdf', 'excel-to-pdf', 'word-to-pdf', 'pub-to-pdf', 'compress-pdf', 'jpg-to-pdf',
  'image-converter', 'image-to-others', 'pdf-to-word', 'pdf-to-pages', 'pdf-to-jpg',
  'pdf-to-excel', 'pdf-to-html', 'image-resizer', 'extract-images-from-pdf', 'rotate-image',
  'rtf-to-pdf', 'pdf-to-rtf', 'pdf-to-dxf', 'pdf-to-epub', 'pdf-to-txt', 'txt-to-pdf',
  'pdf-to-ppt', 'ppt-to-pdf', 'OCR', 'image-compressor', 'rearrange-pdf-pages', 'delete-pages',
  'share-document', 'ai-detector', 'sign-pdf', 'protect-pdf', 'split-pdf', 'rotate-pdf',
  'crop-pdf', 'crop-image', 'unlock-pdf', 'redact-pdf', 'replace-text',
];

const imageToolNames = [
  'image-converter', 'image-to-others', 'image-resizer', 'rotate-image', 'image-compressor',
  'crop-image',
];

function tool(name: string): ToolDefinition {
  const t = toolByPageName(name);
  if (!t) throw new Error(`no tool ${name}`);
  return t;
}

const mimeMap = extensionMimeTypes as Record<string, readonly string[]>;

describe('tool table', () => {
  it('has exactly 39 tools, one per page name, in spec order', () => {
    expect(tools).toHaveLength(39);
    expect(toolPageNames).toEqual(specPageNames);
    expect(tools.map((t) => t.pageName)).toEqual(specPageNames);
  });

  it('gives every tool a unique page id, 1..39 in spec order', () => {
    const ids = tools.map((t) => t.pageId);
    expect(new Set(ids).size).toBe(39);
    expect(ids).toEqual(specPageNames.map((_, i) => i + 1));
  });

  it('gives every tool a title, a convert label and a known category', () => {
    for (const t of tools) {
      expect(t.title, t.pageName).not.toBe('');
      expect(t.convertLabel, t.pageName).not.toBe('');
      expect(toolCategories, t.pageName).toContain(t.category);
    }
  });

  it('keeps extensions lower-case without a dot and MIME lists consistent with them', () => {
    for (const t of tools) {
      expect(t.sourceExtensions.length, t.pageName).toBeGreaterThan(0);
      expect(t.acceptedMimeTypes.length, t.pageName).toBeGreaterThan(0);
      expect(new Set(t.acceptedMimeTypes).size, t.pageName).toBe(t.acceptedMimeTypes.length);
      const expected = new Set<string>();
      for (const ext of t.sourceExtensions) {
        expect(ext, t.pageName).toMatch(/^[a-z0-9]+$/);
        const types = mimeMap[ext];
        expect(types, `${t.pageName} ${ext}`).toBeDefined();
        // Each extension is covered by at least one accepted MIME type...
        expect(types!.some((m) => t.acceptedMimeTypes.includes(m)), `${t.pageName} ${ext}`).toBe(true);
        for (const m of types!) expect(t.acceptedMimeTypes, `${t.pageName} ${ext}`).toContain(m);
        types!.forEach((m) => expected.add(m));
      }
      // ...and no accepted MIME type belongs to an extension the tool does not take.
      expect(new Set(t.acceptedMimeTypes), t.pageName).toEqual(expected);
      for (const m of t.acceptedMimeTypes) expect(m, t.pageName).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
    }
  });

  it('checks extension and MIME type on every tool', () => {
    for (const t of tools) {
      expect(t.meta.extensionCheck, t.pageName).toBe(true);
      expect(t.meta.mimeCheck, t.pageName).toBe(true);
    }
  });

  it('accepts PDF on merge-pdf and takes several files', () => {
    const merge = tool('merge-pdf');
    expect(merge.sourceExtensions).toEqual(['pdf']);
    expect(merge.acceptedMimeTypes).toEqual(['application/pdf']);
    expect(merge.singleUpload).toBe(false);
    expect(merge.category).toBe('organize');
    expect(merge.request).toEqual({ routes: ['merge'], operation: 'merge', multiFile: true });
    expect(merge.limitKey).toBe('PDF');
  });

  it('makes ai-detector force login and cloud upload with limit key AIDetector', () => {
    const d = tool('ai-detector');
    expect(d.category).toBe('ai');
    expect(d.loginRequired).toBe(true);
    expect(d.singleUpload).toBe(true);
    expect(d.meta.forceLogin).toBe(true);
    expect(d.meta.forceCloudUpload).toBe(true);
    expect(d.meta.aiPage).toBe(true);
    expect(d.limitKey).toBe('AIDetector');
    expect(d.request).toBeNull();
  });

  it('forces login, cloud upload and AI page only on ai-detector', () => {
    const forced = tools.filter((t) => t.meta.forceLogin || t.meta.forceCloudUpload || t.meta.aiPage);
    expect(forced.map((t) => t.pageName)).toEqual(['ai-detector']);
    const login = tools.filter((t) => t.loginRequired).map((t) => t.pageName);
    expect(login.sort()).toEqual(['ai-detector', 'share-document']);
  });

  it('intercepts oversized images on the image tools and jpg-to-pdf only', () => {
    for (const name of imageToolNames) {
      const t = tool(name);
      expect(t.category, name).toBe('image');
      expect(t.meta.imageSizeInterception, name).toBe(true);
      expect(t.limitKey, name).toBe('Image');
      expect(t.request?.routes, name).toEqual(['imagesProcess']);
      expect(t.request?.operation, name).toBe('processImage');
      expect(t.sourceExtensions, name).toEqual(['jpg', 'jpeg', 'png', 'bmp', 'gif', 'tiff', 'tif', 'webp']);
    }
    const intercepting = tools.filter((t) => t.meta.imageSizeInterception).map((t) => t.pageName);
    expect(intercepting.sort()).toEqual([...imageToolNames, 'jpg-to-pdf'].sort());
    expect(toolsInCategory('image').map((t) => t.pageName).sort()).toEqual([...imageToolNames].sort());
  });

  it('has the documented targets', () => {
    expect(tool('pdf-to-word').targetExtension).toBe('docx');
    expect(tool('pdf-to-excel').targetExtension).toBe('xlsx');
    expect(tool('pdf-to-ppt').targetExtension).toBe('pptx');
    expect(tool('pdf-to-pages').targetExtension).toBe('pages');
    expect(tool('split-pdf').targetExtension).toBe('zip');
    expect(tool('extract-images-from-pdf').targetExtension).toBe('zip');
    expect(tool('image-converter').targetExtension).toBe('png');
    expect(tool('jpg-to-pdf').targetExtension).toBe('pdf');
    for (const name of ['image-compressor', 'crop-image', 'image-resizer', 'rotate-image']) {
      expect(tool(name).targetExtension, name).toBe('');
    }
  });

  it('has the documented source extensions', () => {
    expect(tool('word-to-pdf').sourceExtensions).toEqual(['doc', 'docx', 'odt']);
    expect(tool('excel-to-pdf').sourceExtensions).toEqual(['xls', 'xlsx', 'ods', 'csv']);
    expect(tool('ppt-to-pdf').sourceExtensions).toEqual(['ppt', 'pptx', 'odp']);
    expect(tool('pub-to-pdf').acceptedMimeTypes).toContain('application/x-mspublisher');
    expect(tool('rtf-to-pdf').acceptedMimeTypes).toEqual(['application/rtf', 'text/rtf']);
    expect(tool('txt-to-pdf').acceptedMimeTypes).toEqual(['text/plain']);
    expect(tool('OCR').sourceExtensions).toEqual(['pdf', 'jpg', 'jpeg', 'png', 'bmp', 'tiff', 'tif']);
    expect(tool('OCR').category).toBe('edit');
    expect(tool('OCR').limitKey).toBe('OCR');
    expect(taskKindOf(tool('OCR'))).toBe('imageOcr');
    expect(tool('jpg-to-pdf').category).toBe('convertToPdf');
    expect(taskKindOf(tool('jpg-to-pdf'))).toBe('imagesMergePdf');
    expect(tool('share-document').category).toBe('protect');
  });

  it('marks single-upload tools and the editor-like tools without mobile adaptation', () => {
    const single = tools.filter((t) => t.singleUpload).map((t) => t.pageName);
    expect(single.sort()).toEqual([
      'ai-detector', 'crop-pdf', 'delete-pages', 'rearrange-pdf-pages', 'redact-pdf',
      'replace-text', 'rotate-pdf', 'share-document', 'sign-pdf', 'split-pdf',
    ]);
    const notMobile = tools.filter((t) => !t.meta.mobileAdaptation).map((t) => t.pageName);
    expect(notMobile.sort()).toEqual([
      'crop-pdf', 'rearrange-pdf-pages', 'redact-pdf', 'replace-text', 'sign-pdf',
    ]);
  });

  it('runs every plain conversion through the converter call, LibreOffice to PDF and our own reconstruction from PDF', () => {
    for (const t of tools) {
      if (t.category === 'convertFromPdf' || (t.category === 'convertToPdf' && t.pageName !== 'jpg-to-pdf')) {
        expect(taskKindOf(t), t.pageName).toBe('converter');
        expect(t.request?.operation, t.pageName).toBe(t.category === 'convertToPdf' ? 'officeToPdf' : 'convertPdf');
      }
    }
  });

  it('gives every built tool a request whose calls are declared and share one options schema', () => {
    for (const t of tools) {
      if (!t.request) continue;
      // converter also takes its request as a query string (GET), with the same schema.
      const bodies = t.request.routes.map((key) => { const r: AnyRoute = toolRoutes[key]; return r.body ?? r.query; });
      for (const body of bodies) expect(body, t.pageName).toBe(bodies[0]);
      expect(bodies[0], t.pageName).toBeDefined();
    }
    expect(tools.filter((t) => !t.request).map((t) => t.pageName)).toEqual(['share-document', 'ai-detector']);
  });

  it('lets the tools of one task kind agree on the limit key and the multi-file flag', () => {
    for (const t of tools) {
      const kind = taskKindOf(t);
      if (!kind) continue;
      for (const other of toolsOfTaskKind(kind)) {
        expect(other.limitKey, `${t.pageName} ~ ${other.pageName}`).toBe(t.limitKey);
        expect(other.request?.multiFile, `${t.pageName} ~ ${other.pageName}`).toBe(t.request?.multiFile);
      }
    }
    expect(toolsOfTaskKind('extractPage').map((t) => t.pageName).sort()).toEqual(['delete-pages', 'rearrange-pdf-pages']);
  });
});

describe('lookups', () => {
  it('finds tools by exact page name', () => {
    expect(toolByPageName('merge-pdf')?.pageName).toBe('merge-pdf');
    expect(toolByPageName('OCR')?.pageName).toBe('OCR');
    expect(toolByPageName('ocr')).toBeUndefined();
    expect(toolByPageName('Merge-PDF')).toBeUndefined();
    expect(toolByPageName('chat-pdf')).toBeUndefined();
    expect(toolByPageName('')).toBeUndefined();
  });

  it('recognises tool page names', () => {
    for (const name of specPageNames) expect(isToolPageName(name), name).toBe(true);
    expect(isToolPageName('ocr')).toBe(false);
    expect(isToolPageName('home')).toBe(false);
    expect(isToolPageName('toString')).toBe(false);
  });

  it('lists categories in mega-menu order and partitions the tools among them', () => {
    expect(toolCategories).toEqual([
      'ai', 'edit', 'convertToPdf', 'convertFromPdf', 'organize', 'protect', 'image',
    ]);
    const all = toolCategories.flatMap((c) => toolsInCategory(c));
    expect(all).toHaveLength(39);
    expect(new Set(all.map((t) => t.pageName)).size).toBe(39);
    for (const c of toolCategories) expect(toolsInCategory(c).length, c).toBeGreaterThan(0);
    expect(toolsInCategory('ai').map((t) => t.pageName)).toEqual(['ai-detector']);
  });
});

describe('acceptsFile', () => {
  const merge = tool('merge-pdf');
  const word = tool('word-to-pdf');
  const img = tool('image-compressor');

  it('accepts matching extensions case-insensitively', () => {
    expect(acceptsFile(merge, 'report.pdf')).toBe(true);
    expect(acceptsFile(merge, 'REPORT.PDF')).toBe(true);
    expect(acceptsFile(merge, 'Report.Pdf')).toBe(true);
    expect(acceptsFile(merge, 'my.report.v2.pdf')).toBe(true);
    expect(acceptsFile(merge, 'C:\\Users\\me\\a.pdf')).toBe(true);
    expect(acceptsFile(word, 'letter.DOCX')).toBe(true);
    expect(acceptsFile(img, 'photo.JPEG')).toBe(true);
    expect(acceptsFile(img, 'scan.tif')).toBe(true);
  });

  it('rejects wrong extensions', () => {
    expect(acceptsFile(merge, 'letter.docx')).toBe(false);
    expect(acceptsFile(merge, 'report.pdf.exe')).toBe(false);
    expect(acceptsFile(merge, 'reportpdf')).toBe(false);
    expect(acceptsFile(word, 'report.pdf')).toBe(false);
    expect(acceptsFile(img, 'report.pdf')).toBe(false);
  });

  it('rejects names without an extension', () => {
    expect(acceptsFile(merge, 'report')).toBe(false);
    expect(acceptsFile(merge, 'report.')).toBe(false);
    expect(acceptsFile(merge, '')).toBe(false);
    expect(acceptsFile(merge, '.pdf')).toBe(false);
    expect(acceptsFile(merge, 'folder.pdf/report')).toBe(false);
    expect(fileExtension('a.B.PnG')).toBe('png');
  });
});

describe('appNavigation', () => {
  it('starts with home, annotate and edit, the editor items using the query path', () => {
    expect(appNavigation.items.map((i) => [i.key, i.path])).toEqual([
      ['home', '/app/home'],
      ['annotate', '/app/pdf-editor?t=annotate'],
      ['edit', '/app/pdf-editor?t=edit'],
    ]);
  });

  it('has the groups of SPEC §2 exactly, in order', () => {
    const shape = appNavigation.groups.map((g) => [g.group, g.items.map((i) => i.key)]);
    expect(shape).toEqual([
      ['convert', ['pdf-to-word', 'pdf-to-jpg', 'pdf-to-excel', 'pdf-to-ppt', 'pdf-to-html']],
      ['organize', ['merge-pdf', 'compress-pdf', 'split-pdf', 'extract-images-from-pdf', 'rearrange-pdf-pages']],
      ['protect', ['protect-pdf', 'unlock-pdf', 'redact-pdf', 'sign-pdf', 'share-document']],
      ['ai', ['chat-pdf', 'ai-translator', 'ai-proofread', 'ai-detector', 'ai-read']],
    ]);
    for (const g of appNavigation.groups) {
      expect(g.label).not.toBe('');
      for (const i of g.items) {
        expect(i.path, i.key).toBe(`/app/${i.key}`);
        expect(i.label, i.key).not.toBe('');
      }
    }
  });

  it('puts the new badge only on compress-pdf', () => {
    const all = [...appNavigation.items, ...appNavigation.groups.flatMap((g) => g.items)];
    const badged = all.filter((i) => i.badge !== undefined);
    expect(badged).toHaveLength(1);
    expect(badged[0]?.key).toBe('compress-pdf');
    expect(badged[0]?.badge).toBe('new');
  });

  it('links group items that are tools to existing tool pages', () => {
    const keys = appNavigation.groups.flatMap((g) => g.items.map((i) => i.key));
    const nonTools = keys.filter((k) => !isToolPageName(k));
    expect(nonTools).toEqual(['chat-pdf', 'ai-translator', 'ai-proofread', 'ai-read']);
  });
});
