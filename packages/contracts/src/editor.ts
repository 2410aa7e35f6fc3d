/**
 * The PDF editor (SPEC §2 editor entry points, §3 editor state and enums, §4, §7
 * `document/content`): the enums the editor's state is written in, and the content the browser
 * sends when it exports. Boxes and points are in PDF points from the page's top-left corner as
 * the page is displayed (rotation and crop box applied), the space pdf.js draws at scale 1.
 */
import { z } from 'zod';
import { taskCreated } from './api.js';
import { route } from './route.js';
import { FORM_FIELDS_MAX, formFieldFill } from './editorForms.js';

/** SPEC §3 editor modes: `?t=edit` opens CONTENT_EDIT, anything else ANNOTATE; FIND is the search bar. */
export const editorModes = ['CONTENT_EDIT', 'ANNOTATE', 'FIND'] as const;
export type EditorMode = (typeof editorModes)[number];

/** SPEC §3 tools of the tool bar; the annotate tool starts at SELECT and export resets it (SPEC §4). */
export const editorTools = ['HIGHLIGHT', 'TEXT', 'NONE', 'SIGN_IMAGE', 'IMAGE', 'SHAPE', 'SELECT', 'SIGN'] as const;
export type EditorTool = (typeof editorTools)[number];

/** SPEC §3 element kinds of an edit page's elements map. */
export const elementKinds = ['TEXT', 'STICKER', 'DRAW', 'SIGN_IMAGE', 'OTHER'] as const;
export type ElementKind = (typeof elementKinds)[number];

export const shapeKinds = ['RECTANGLE', 'CIRCLE', 'LINE'] as const;
export type ShapeKind = (typeof shapeKinds)[number];

export const lineEnds = ['ARROW', 'DOT', 'NONE'] as const;
export type LineEnd = (typeof lineEnds)[number];

export const fontStyles = ['regular', 'bold', 'italic', 'bold italic'] as const;
export type FontStyle = (typeof fontStyles)[number];

/** SPEC §3 line styles of a text run. */
export const lineStyles = ['none', 'underline', 'strikeout', 'both'] as const;
export type LineStyle = (typeof lineStyles)[number];

/** SPEC §3 alignments, by their code (0 unknown ... 4 justify). */
export const alignments = ['unknown', 'left', 'right', 'center', 'justify'] as const;
export type Alignment = (typeof alignments)[number];

/** SPEC §3 annotation kinds 0-23: a kind's code is its index. */
export const annotationKinds = [
  'unknown', 'comment', 'link', 'free text', 'callout', 'writer', 'line', 'arrow', 'square',
  'circle', 'polygon', 'polyline', 'cloud', 'highlight', 'underline', 'squiggly', 'strike-out',
  'stamp', 'caret', 'replace', 'ink', 'file attachment', 'watermark', 'redact',
] as const;
export type AnnotationKind = (typeof annotationKinds)[number];

/** The families a free-text note is set in: the standard PDF fonts every viewer has. */
export const annotateFontFamilies = ['Helvetica', 'Times', 'Courier'] as const;
export type AnnotateFontFamily = (typeof annotateFontFamilies)[number];

/** SPEC §3 annotate font: the default "last annotate font" is left-aligned, no bold, italic or lines. */
export const annotateFont = z.object({
  family: z.enum(annotateFontFamilies).default('Helvetica'),
  size: z.number().min(4).max(144).default(14),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/).default('#000000'),
  bold: z.boolean().default(false),
  italic: z.boolean().default(false),
  line_style: z.enum(lineStyles).default('none'),
  alignment: z.enum(alignments).default('left'),
});
export type AnnotateFont = z.infer<typeof annotateFont>;
export const defaultAnnotateFont: AnnotateFont = {
  family: 'Helvetica', size: 14, color: '#000000', bold: false, italic: false, line_style: 'none', alignment: 'left',
};

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const coordinate = z.number().finite().min(-100_000).max(100_000);
const point = z.tuple([coordinate, coordinate]);
const box = z.object({ x: coordinate, y: coordinate, w: z.number().positive().max(100_000), h: z.number().positive().max(100_000) });
export type EditorBox = z.infer<typeof box>;
export type EditorPoint = z.infer<typeof point>;

const common = {
  page: z.number().int().min(1),
  color: colour,
  opacity: z.number().min(0).max(1).default(1),
};

/** Text markup over the boxes of the marked lines (one quadrilateral each). */
const textMarkup = z.object({
  ...common,
  kind: z.enum(['highlight', 'underline', 'squiggly', 'strike-out']),
  rects: z.array(box).min(1).max(2000),
});
const freeText = z.object({
  ...common,
  kind: z.literal('free text'),
  rect: box,
  text: z.string().max(20_000),
  font: annotateFont,
});
const shape = z.object({
  ...common,
  kind: z.enum(['square', 'circle']),
  rect: box,
  /** The interior colour; absent for an outline only. */
  fill: colour.optional(),
  width: z.number().min(0).max(50).default(2),
});
const line = z.object({
  ...common,
  kind: z.literal('line'),
  from: point,
  to: point,
  width: z.number().min(0).max(50).default(2),
  start: z.enum(lineEnds).default('NONE'),
  end: z.enum(lineEnds).default('NONE'),
});
const ink = z.object({
  ...common,
  kind: z.literal('ink'),
  strokes: z.array(z.array(point).min(1).max(20_000)).min(1).max(1000),
  width: z.number().min(0.1).max(50).default(2),
});
/** A sticky note: the icon at `at`, the comment in its pop-up. */
const comment = z.object({
  ...common,
  kind: z.literal('comment'),
  at: point,
  text: z.string().max(20_000),
});

/** SPEC §3 sign kinds: a typed name, a drawing, an image file, an image by URL (a saved signature). */
export const signKinds = ['text', 'draw', 'image', 'image url'] as const;
export type SignKind = (typeof signKinds)[number];

/** The standard stamps of the PDF reference the stamp tool offers, by their /Name. */
export const stampNames = ['Approved', 'NotApproved', 'Draft', 'Final', 'Confidential', 'ForComment'] as const;
export type StampName = (typeof stampNames)[number];

/** The longest data URL of a stamp's picture: the export's body stays under its 4 MB limit. */
export const STAMP_IMAGE_MAX = 3 * 1024 * 1024;
/** A PNG or JPEG picture carried in the export, as a base64 data URL. */
export const stampImage = z.string().max(STAMP_IMAGE_MAX).regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, 'a PNG or JPEG data URL');

/**
 * A stamp (SPEC §3 tools SIGN_IMAGE, IMAGE and SIGN): a standard stamp with its label, a
 * picture, or a signature (its kind says how it was made; a typed or drawn one comes as the
 * picture the browser drew). Written as a Stamp annotation whose appearance shows it.
 */
const stamp = z.object({
  ...common,
  kind: z.literal('stamp'),
  rect: box,
  stamp: z.discriminatedUnion('type', [
    z.object({ type: z.literal('label'), name: z.enum(stampNames) }),
    z.object({ type: z.literal('image'), image: stampImage }),
    z.object({ type: z.literal('signature'), sign: z.enum(signKinds), image: stampImage }),
  ]),
});
export type StampContent = z.infer<typeof stamp>['stamp'];

export const editorAnnotation = z.discriminatedUnion('kind', [textMarkup, freeText, shape, line, ink, comment, stamp]);
export type EditorAnnotation = z.infer<typeof editorAnnotation>;
export type EditorAnnotationInput = z.input<typeof editorAnnotation>;
/** The annotation kinds the editor writes, by their SPEC §3 name. */
export const writableAnnotationKinds = [
  'highlight', 'underline', 'squiggly', 'strike-out', 'free text', 'square', 'circle', 'line', 'ink', 'comment', 'stamp',
] as const satisfies readonly AnnotationKind[];

/** The most annotations one export carries. */
export const EDITOR_ANNOTATIONS_MAX = 5000;

/** An annotation the PDF already had, by its page and object number: the editor changed or deleted it. */
export const existingAnnotation = z.object({
  page: z.number().int().min(1),
  ref: z.number().int().positive(),
});
export type ExistingAnnotation = z.infer<typeof existingAnnotation>;

/**
 * Edit mode (CONTENT_EDIT): the word `find` that lies in `box` on `page`, replaced in place by
 * `replace` (same baseline, size and colour; the document's font when it has the glyphs).
 */
export const textEdit = z.object({
  page: z.number().int().min(1),
  box,
  find: z.string().min(1).max(1000),
  replace: z.string().max(1000),
});
export type TextEdit = z.infer<typeof textEdit>;

/**
 * Edit mode: a new text block drawn into the page's content (not an annotation), in the
 * standard face of its family, bold and italic, wrapped to its box's width and aligned.
 */
export const textBlock = z.object({
  page: z.number().int().min(1),
  rect: box,
  text: z.string().min(1).max(20_000),
  font: annotateFont,
});
export type NewTextBlock = z.infer<typeof textBlock>;

/** Edit mode: a new PNG or JPEG picture drawn into the page's content as an image XObject over `rect`. */
export const imageBlock = z.object({
  page: z.number().int().min(1),
  rect: box,
  image: stampImage,
});
export type NewImage = z.infer<typeof imageBlock>;

/**
 * Edit mode: one use of an image the page already draws, moved or resized to `to`, or removed
 * (`to` null). `use` counts the images the page's own content draws as XObjects, from 0 in
 * drawing order; `box` is where that use was displayed, which the server checks it against (an
 * image drawn several times changes at that one place only).
 */
export const imageEdit = z.object({
  page: z.number().int().min(1),
  use: z.number().int().min(0).max(100_000),
  box,
  to: box.nullable(),
});
export type ImageEdit = z.infer<typeof imageEdit>;

/** The body's `content`: what the editor changed. */
export const editorContent = z.object({
  /** ANNOTATE exports are exempt from the daily PDF uses (SPEC §5); CONTENT_EDIT ones are not. */
  mode: z.enum(['ANNOTATE', 'CONTENT_EDIT']),
  /** New annotations, and the new state of existing ones that were changed. */
  annotations: z.array(editorAnnotation).max(EDITOR_ANNOTATIONS_MAX).default([]),
  /** Existing annotations removed first: those deleted, and those changed (written again above). */
  removed: z.array(existingAnnotation).max(EDITOR_ANNOTATIONS_MAX).default([]),
  /** Words replaced in place; only in CONTENT_EDIT mode. */
  text_edits: z.array(textEdit).max(EDITOR_ANNOTATIONS_MAX).default([]),
  /** New text blocks and pictures, and the page's own images moved or removed; only in CONTENT_EDIT mode. */
  text_blocks: z.array(textBlock).max(EDITOR_ANNOTATIONS_MAX).default([]),
  images: z.array(imageBlock).max(100).default([]),
  image_edits: z.array(imageEdit).max(EDITOR_ANNOTATIONS_MAX).default([]),
  /** Form fields filled in, saved as field values. */
  fields: z.array(formFieldFill).max(FORM_FIELDS_MAX).default([]),
  /** The form flattened into page content (only when the user asks). */
  flatten_forms: z.boolean().default(false),
})
  .refine((c) => c.mode === 'CONTENT_EDIT' || c.text_edits.length === 0, { message: 'text edits need mode CONTENT_EDIT', path: ['text_edits'] })
  .refine((c) => c.mode === 'CONTENT_EDIT' || c.text_blocks.length + c.images.length + c.image_edits.length === 0, {
    message: 'text blocks and images need mode CONTENT_EDIT', path: ['mode'],
  })
  .refine((c) => new Set(c.image_edits.map((e) => `${e.page}:${e.use}`)).size === c.image_edits.length, {
    message: 'one edit per image use', path: ['image_edits'],
  });
export type EditorContent = z.infer<typeof editorContent>;

export const documentContentQuery = z.object({
  file_id: z.string().min(1),
  password: z.string().optional(),
  /** The spec's cache-busting stamp; it carries no meaning. */
  t: z.string().optional(),
});
export const documentContentRequest = z.object({
  content: editorContent,
  multi_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
});
export type DocumentContentRequest = z.infer<typeof documentContentRequest>;

/** 4 MB: an export with many ink strokes is larger than the default body limit. */
const CONTENT_BODY_LIMIT = 4 * 1024 * 1024;

export const documentSourceQuery = z.object({ file_id: z.string().min(1) });

export const editorRoutes = {
  source: route({
    method: 'GET', path: '/document/source', auth: 'visitor',
    summary: 'The bytes of one of the caller\'s uploaded PDFs, for the editor\'s in-browser viewer (pdf.js opens it, with its password if any).',
    query: documentSourceQuery, produces: 'application/pdf',
  }),
  content: route({
    method: 'POST', path: '/document/content', auth: 'visitor',
    summary: 'pdf-editor export: writes the editor\'s annotations into the PDF as real annotations of their subtype '
      + '(Highlight, Underline, Squiggly, StrikeOut, FreeText, Square, Circle, Line with /LE, Ink, Text, Stamp), and edit mode\'s '
      + 'words replaced in place, new text blocks and pictures and the page\'s images moved or deleted into the page content; a task.',
    query: documentContentQuery, body: documentContentRequest, response: taskCreated, bodyLimit: CONTENT_BODY_LIMIT,
  }),
};
