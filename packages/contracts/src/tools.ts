/**
 * The tool table of SPEC §2 and §3: one descriptor per tool page name, with what the page shows
 * and accepts and how the server runs it (its request route, task kind, engine operation, limit
 * key). The web app builds its navigation, home grid and workspaces from it; the server derives
 * its task runners' routes and its entitlement checks from it; the CLI names its commands by it.
 * This module loads no zod (the home page reads it on first load): a tool names its route by
 * its key in `toolRoutes` (toolRequests.ts), whose body schema is the tool's options schema.
 */
import type { toolRoutes } from './toolRequests.js';


/** Tool page names of SPEC §2, in the spec's order. */
export const toolPageNames = [
  'merge-pdf', 'excel-to-pdf', 'word-to-pdf', 'pub-to-pdf', 'compress-pdf', 'jpg-to-pdf',
  'image-converter', 'image-to-others', 'pdf-to-word', 'pdf-to-pages', 'pdf-to-jpg',
  'pdf-to-excel', 'pdf-to-html', 'image-resizer', 'extract-images-from-pdf', 'rotate-image',
  'rtf-to-pdf', 'pdf-to-rtf', 'pdf-to-dxf', 'pdf-to-epub', 'pdf-to-txt', 'txt-to-pdf',
  'pdf-to-ppt', 'ppt-to-pdf', 'OCR', 'image-compressor', 'rearrange-pdf-pages', 'delete-pages',
  'share-document', 'ai-detector', 'sign-pdf', 'protect-pdf', 'split-pdf', 'rotate-pdf',
  'crop-pdf', 'crop-image', 'unlock-pdf', 'redact-pdf', 'replace-text',
] as const;
export type ToolPageName = (typeof toolPageNames)[number];

/** Mega-menu categories of the marketing header (SPEC §2). */
export type ToolCategory =
  | 'ai' | 'edit' | 'convertToPdf' | 'convertFromPdf' | 'organize' | 'protect' | 'image';

/** A tool call of SPEC §7 by its key in `toolRoutes`. */
export type ToolRouteKey = keyof typeof toolRoutes;

/**
 * What the engine runs for a tool: an operation of the server's engine workers, or
 * `officeToPdf`, LibreOffice's conversion of a document to PDF (run by the office pool).
 */
export type EngineOperation =
  | 'merge' | 'split' | 'rotate' | 'crop' | 'deletePages' | 'rearrangePages' | 'extractImages'
  | 'protect' | 'unlock' | 'compress' | 'redact' | 'replaceText' | 'sign' | 'ocr' | 'imagesToPdf'
  | 'convertPdf' | 'processImage' | 'officeToPdf';

/** How the server runs a tool. */
export interface ToolRequest {
  /**
   * The calls that start it: the first is the tool's own, and its key is the task kind stored
   * with each task; others take the same body (the password in the path of redact and sign).
   */
  routes: readonly [ToolRouteKey, ...ToolRouteKey[]];
  operation: EngineOperation;
  /** One task reads several documents (merge, jpg-to-pdf, OCR): the files-per-task limit applies. */
  multiFile: boolean;
}

/** Limit keys of SPEC §2 route flags and §9 tier maxima. */
export type LimitKey = 'PDF' | 'OCR' | 'Image' | 'ChatPDF' | 'AIRead' | 'AIDetector';

export interface ToolMeta {
  extensionCheck: boolean;
  mimeCheck: boolean;
  mobileAdaptation: boolean;
  imageSizeInterception: boolean;
  forceCloudUpload: boolean;
  forceLogin: boolean;
  aiPage: boolean;
}

export interface ToolDefinition {
  pageId: number;
  pageName: ToolPageName;
  category: ToolCategory;
  /** English title; the web app translates it by key `tools.{pageName}.title`. */
  title: string;
  /** English convert-button label; key `tools.{pageName}.convert`. */
  convertLabel: string;
  /** Lower-case extensions without the dot. */
  sourceExtensions: readonly string[];
  targetExtension: string;
  acceptedMimeTypes: readonly string[];
  /** The picker takes one file at a time (the workspace edits one document). */
  singleUpload: boolean;
  loginRequired: boolean;
  meta: ToolMeta;
  limitKey: LimitKey;
  /** null for a page that starts no engine task: share-document (it shares, see cloud.ts) and ai-detector (it answers a report). */
  request: ToolRequest | null;
}

/**
 * Real MIME types per source extension. Browsers and servers may report any of the listed types
 * for a file of that extension; a tool accepts the union over its source extensions.
 */
export const extensionMimeTypes = {
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  odt: ['application/vnd.oasis.opendocument.text'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ods: ['application/vnd.oasis.opendocument.spreadsheet'],
  csv: ['text/csv'],
  ppt: ['application/vnd.ms-powerpoint'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  odp: ['application/vnd.oasis.opendocument.presentation'],
  pub: ['application/x-mspublisher', 'application/vnd.ms-publisher'],
  rtf: ['application/rtf', 'text/rtf'],
  txt: ['text/plain'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  bmp: ['image/bmp'],
  gif: ['image/gif'],
  tiff: ['image/tiff'],
  tif: ['image/tiff'],
  webp: ['image/webp'],
} as const satisfies Record<string, readonly string[]>;
export type SourceExtension = keyof typeof extensionMimeTypes;

const PDF: readonly SourceExtension[] = ['pdf'];
const IMAGES: readonly SourceExtension[] = ['jpg', 'jpeg', 'png', 'bmp', 'gif', 'tiff', 'tif', 'webp'];
const OCR_SOURCES: readonly SourceExtension[] = ['pdf', 'jpg', 'jpeg', 'png', 'bmp', 'tiff', 'tif'];

/** MIME types accepted for a list of extensions: the de-duplicated union, in extension order. */
export function mimeTypesFor(extensions: readonly string[]): string[] {
  const out: string[] = [];
  for (const ext of extensions) {
    const types: readonly string[] | undefined =
      (extensionMimeTypes as Record<string, readonly string[]>)[ext.toLowerCase()];
    for (const type of types ?? []) if (!out.includes(type)) out.push(type);
  }
  return out;
}

/** The per-tool facts; the builder below fills in MIME types and meta defaults. */
interface ToolSpec {
  pageId: number;
  category: ToolCategory;
  title: string;
  convertLabel: string;
  sourceExtensions: readonly SourceExtension[];
  /** '' when the output keeps the input's format, or when the tool produces no file. */
  targetExtension: string;
  singleUpload?: boolean;
  loginRequired?: boolean;
  request: ToolRequest | null;
  limitKey?: LimitKey;
  meta?: Partial<ToolMeta>;
}

/** Editor-like tools are not adapted to mobile. */
const EDITOR_LIKE: Partial<ToolMeta> = { mobileAdaptation: false };
/** The 20 MB image limit of SPEC §5. */
const IMAGE_LIMIT: Partial<ToolMeta> = { imageSizeInterception: true };

/** A tool of one document per task, started by its own call. */
const single = (route: ToolRouteKey, operation: EngineOperation, ...more: ToolRouteKey[]): ToolRequest => ({
  routes: [route, ...more], operation, multiFile: false,
});
const converter = (operation: EngineOperation): ToolRequest => ({
  routes: ['converter', 'converterByQuery'], operation, multiFile: false,
});

const convertTo = (
  pageId: number, title: string, sourceExtensions: readonly SourceExtension[],
): ToolSpec => ({
  pageId, category: 'convertToPdf', title, convertLabel: 'Convert', sourceExtensions,
  targetExtension: 'pdf', request: converter('officeToPdf'),
});
const convertFrom = (pageId: number, title: string, targetExtension: string): ToolSpec => ({
  pageId, category: 'convertFromPdf', title, convertLabel: 'Convert', sourceExtensions: PDF,
  targetExtension, request: converter('convertPdf'),
});
const imageTool = (pageId: number, title: string, convertLabel: string, targetExtension: string): ToolSpec => ({
  pageId, category: 'image', title, convertLabel, sourceExtensions: IMAGES, targetExtension,
  request: single('imagesProcess', 'processImage'), limitKey: 'Image', meta: IMAGE_LIMIT,
});

const toolSpecs: Record<ToolPageName, ToolSpec> = {
  'merge-pdf': {
    pageId: 1, category: 'organize', title: 'Merge PDF', convertLabel: 'Merge',
    sourceExtensions: PDF, targetExtension: 'pdf', request: { routes: ['merge'], operation: 'merge', multiFile: true },
  },
  'excel-to-pdf': convertTo(2, 'Excel to PDF', ['xls', 'xlsx', 'ods', 'csv']),
  'word-to-pdf': convertTo(3, 'Word to PDF', ['doc', 'docx', 'odt']),
  'pub-to-pdf': convertTo(4, 'Publisher to PDF', ['pub']),
  'compress-pdf': {
    pageId: 5, category: 'organize', title: 'Compress PDF', convertLabel: 'Compress',
    sourceExtensions: PDF, targetExtension: 'pdf', request: single('compress', 'compress'),
  },
  'jpg-to-pdf': {
    pageId: 6, category: 'convertToPdf', title: 'JPG to PDF', convertLabel: 'Convert',
    sourceExtensions: IMAGES, targetExtension: 'pdf', request: { routes: ['imagesMergePdf'], operation: 'imagesToPdf', multiFile: true }, meta: IMAGE_LIMIT,
  },
  'image-converter': imageTool(7, 'Image Converter', 'Convert', 'png'),
  'image-to-others': imageTool(8, 'Image to PDF and Other Formats', 'Convert', 'pdf'),
  'pdf-to-word': convertFrom(9, 'PDF to Word', 'docx'),
  'pdf-to-pages': convertFrom(10, 'PDF to Pages', 'pages'),
  'pdf-to-jpg': convertFrom(11, 'PDF to JPG', 'jpg'),
  'pdf-to-excel': convertFrom(12, 'PDF to Excel', 'xlsx'),
  'pdf-to-html': convertFrom(13, 'PDF to HTML', 'html'),
  'image-resizer': imageTool(14, 'Resize Image', 'Resize', ''),
  'extract-images-from-pdf': {
    pageId: 15, category: 'organize', title: 'Extract Images from PDF',
    convertLabel: 'Extract images', sourceExtensions: PDF, targetExtension: 'zip',
    request: single('extractImages', 'extractImages'),
  },
  'rotate-image': imageTool(16, 'Rotate Image', 'Rotate', ''),
  'rtf-to-pdf': convertTo(17, 'RTF to PDF', ['rtf']),
  'pdf-to-rtf': convertFrom(18, 'PDF to RTF', 'rtf'),
  'pdf-to-dxf': convertFrom(19, 'PDF to DXF', 'dxf'),
  'pdf-to-epub': convertFrom(20, 'PDF to EPUB', 'epub'),
  'pdf-to-txt': convertFrom(21, 'PDF to TXT', 'txt'),
  'txt-to-pdf': convertTo(22, 'TXT to PDF', ['txt']),
  'pdf-to-ppt': convertFrom(23, 'PDF to PPT', 'pptx'),
  'ppt-to-pdf': convertTo(24, 'PPT to PDF', ['ppt', 'pptx', 'odp']),
  OCR: {
    pageId: 25, category: 'edit', title: 'OCR', convertLabel: 'Convert',
    sourceExtensions: OCR_SOURCES, targetExtension: 'pdf', request: { routes: ['imageOcr'], operation: 'ocr', multiFile: true }, limitKey: 'OCR',
  },
  'image-compressor': imageTool(26, 'Compress Image', 'Compress', ''),
  'rearrange-pdf-pages': {
    pageId: 27, category: 'organize', title: 'Rearrange PDF Pages', convertLabel: 'Rearrange',
    sourceExtensions: PDF, targetExtension: 'pdf', singleUpload: true, request: single('extractPage', 'rearrangePages'), meta: EDITOR_LIKE,
  },
  'delete-pages': {
    pageId: 28, category: 'organize', title: 'Delete PDF Pages', convertLabel: 'Delete pages',
    sourceExtensions: PDF, targetExtension: 'pdf', singleUpload: true, request: single('extractPage', 'deletePages'),
  },
  'share-document': {
    pageId: 29, category: 'protect', title: 'Share Document', convertLabel: 'Share',
    sourceExtensions: PDF, targetExtension: 'pdf', singleUpload: true, loginRequired: true,
    request: null,
  },
  'ai-detector': {
    pageId: 30, category: 'ai', title: 'AI Detector', convertLabel: 'Detect',
    // The detector answers with a report, not a file.
    sourceExtensions: PDF, targetExtension: '', singleUpload: true, loginRequired: true,
    request: null, limitKey: 'AIDetector',
    meta: { forceCloudUpload: true, forceLogin: true, aiPage: true },
  },
  'sign-pdf': {
    pageId: 31, category: 'protect', title: 'Sign PDF', convertLabel: 'Sign',
    sourceExtensions: PDF, targetExtension: 'pdf', singleUpload: true, request: single('sign', 'sign', 'signWithPassword'), meta: EDITOR_LIKE,
  },
  'protect-pdf': {
    pageId: 32, category: 'protect', title: 'Protect PDF', convertLabel: 'Protect',
    sourceExtensions: PDF, targetExtension: 'pdf', request: single('encrypt', 'protect'),
  },
  'split-pdf': {
    pageId: 33, category: 'organize', title: 'Split PDF', convertLabel: 'Split',
    sourceExtensions: PDF, targetExtension: 'zip', singleUpload: true, request: single('split', 'split'),
  },
  'rotate-pdf': {
    pageId: 34, category: 'organize', title: 'Rotate PDF', convertLabel: 'Rotate',
    sourceExtensions: PDF, targetExtension: 'pdf', singleUpload: true, request: single('rotate', 'rotate'),
  },
  'crop-pdf': {
    pageId: 35, category: 'edit', title: 'Crop PDF', convertLabel: 'Crop',
    sourceExtensions: PDF, targetExtension: 'pdf', singleUpload: true, request: single('crop', 'crop'), meta: EDITOR_LIKE,
  },
  'crop-image': imageTool(36, 'Crop Image', 'Crop', ''),
  'unlock-pdf': {
    pageId: 37, category: 'protect', title: 'Unlock PDF', convertLabel: 'Unlock',
    // The password is asked by the encrypted-file dialog of SPEC §2, not by a side panel.
    sourceExtensions: PDF, targetExtension: 'pdf', request: single('decode', 'unlock'),
  },
  'redact-pdf': {
    pageId: 38, category: 'protect', title: 'Redact PDF', convertLabel: 'Redact',
    sourceExtensions: PDF, targetExtension: 'pdf', singleUpload: true, request: single('redaction', 'redact', 'redactionWithPassword'), meta: EDITOR_LIKE,
  },
  'replace-text': {
    pageId: 39, category: 'edit', title: 'Replace Text', convertLabel: 'Replace',
    sourceExtensions: PDF, targetExtension: 'pdf', singleUpload: true, request: single('replaceText', 'replaceText'), meta: EDITOR_LIKE,
  },
};

const defaultMeta: ToolMeta = {
  extensionCheck: true,
  mimeCheck: true,
  mobileAdaptation: true,
  imageSizeInterception: false,
  forceCloudUpload: false,
  forceLogin: false,
  aiPage: false,
};

/** The tool table: one definition per tool page name, in `toolPageNames` order. */
export const tools: readonly ToolDefinition[] = Object.freeze(
  toolPageNames.map((pageName): ToolDefinition => {
    const spec = toolSpecs[pageName];
    return Object.freeze({
      pageId: spec.pageId,
      pageName,
      category: spec.category,
      title: spec.title,
      convertLabel: spec.convertLabel,
      sourceExtensions: Object.freeze([...spec.sourceExtensions]),
      targetExtension: spec.targetExtension,
      acceptedMimeTypes: Object.freeze(mimeTypesFor(spec.sourceExtensions)),
      singleUpload: spec.singleUpload ?? false,
      loginRequired: spec.loginRequired ?? false,
      meta: Object.freeze({ ...defaultMeta, ...spec.meta }),
      limitKey: spec.limitKey ?? 'PDF',
      request: spec.request,
    });
  }),
);

const toolsByName = new Map<string, ToolDefinition>(tools.map((t) => [t.pageName, t]));
const pageNameSet: ReadonlySet<string> = new Set<string>(toolPageNames);

/** The tool with exactly this page name (case-sensitive: 'OCR', not 'ocr'). */
export function toolByPageName(name: string): ToolDefinition | undefined {
  return toolsByName.get(name);
}

export function isToolPageName(name: string): name is ToolPageName {
  return pageNameSet.has(name);
}

/** Mega-menu categories in display order (SPEC §2). */
export const toolCategories: readonly ToolCategory[] = Object.freeze([
  'ai', 'edit', 'convertToPdf', 'convertFromPdf', 'organize', 'protect', 'image',
] as const);

/** Tools of one mega-menu category, in `toolPageNames` order. */
export function toolsInCategory(c: ToolCategory): ToolDefinition[] {
  return tools.filter((t) => t.category === c);
}

/**
 * The lower-case extension of a file name, without the dot; '' when there is none. A leading
 * dot alone (".pdf") is a hidden-file name, not an extension, as with Node's path.extname.
 */
export function fileExtension(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** Whether the tool accepts a file by its extension (case-insensitive), SPEC §5. */
export function acceptsFile(tool: ToolDefinition, fileName: string): boolean {
  const ext = fileExtension(fileName);
  return ext !== '' && tool.sourceExtensions.includes(ext);
}

/** One entry of the /app left navigation. */
export interface AppNavItem {
  /** A tool page name, an /app child route name, or 'annotate' / 'edit' for the editor. */
  key: string;
  /** English label; the web app translates by key. */
  label: string;
  path: string;
  badge?: 'new';
}

export type AppNavGroupKey = 'convert' | 'organize' | 'protect' | 'ai';

export interface AppNavGroup {
  group: AppNavGroupKey;
  /** English group heading. */
  label: string;
  items: readonly AppNavItem[];
}

export interface AppNavigation {
  /** Top items above the groups: home, annotate, edit. */
  items: readonly AppNavItem[];
  groups: readonly AppNavGroup[];
}

const appItem = (key: string, label: string, badge?: 'new'): AppNavItem =>
  badge ? { key, label, path: `/app/${key}`, badge } : { key, label, path: `/app/${key}` };
const toolItem = (name: ToolPageName, badge?: 'new'): AppNavItem =>
  appItem(name, toolSpecs[name].title, badge);

/** The left navigation of the /app shell, exactly as SPEC §2 lists it. */
export const appNavigation: AppNavigation = {
  items: [
    appItem('home', 'Home'),
    { key: 'annotate', label: 'Annotate', path: '/app/pdf-editor?t=annotate' },
    { key: 'edit', label: 'Edit', path: '/app/pdf-editor?t=edit' },
  ],
  groups: [
    {
      group: 'convert',
      label: 'Convert',
      items: [
        toolItem('pdf-to-word'), toolItem('pdf-to-jpg'), toolItem('pdf-to-excel'),
        toolItem('pdf-to-ppt'), toolItem('pdf-to-html'),
      ],
    },
    {
      group: 'organize',
      label: 'Organize',
      items: [
        toolItem('merge-pdf'), toolItem('compress-pdf', 'new'), toolItem('split-pdf'),
        toolItem('extract-images-from-pdf'), toolItem('rearrange-pdf-pages'),
      ],
    },
    {
      group: 'protect',
      label: 'Protect',
      items: [
        toolItem('protect-pdf'), toolItem('unlock-pdf'), toolItem('redact-pdf'),
        toolItem('sign-pdf'), toolItem('share-document'),
      ],
    },
    {
      group: 'ai',
      label: 'AI',
      items: [
        appItem('chat-pdf', 'Chat with PDF'), appItem('ai-translator', 'AI Translator'),
        appItem('ai-proofread', 'AI Proofreader'), toolItem('ai-detector'),
        appItem('ai-read', 'AI Read'),
      ],
    },
  ],
};

/** The task kind of a tool: the key of its own call in `toolRoutes`. */
export function taskKindOf(tool: ToolDefinition): ToolRouteKey | null {
  return tool.request ? tool.request.routes[0] : null;
}

/** The tools a task kind runs for (delete-pages and rearrange-pdf-pages share extract_page). */
export function toolsOfTaskKind(kind: string): ToolDefinition[] {
  return tools.filter((t) => taskKindOf(t) === kind);
}
