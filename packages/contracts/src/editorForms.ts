/**
 * The PDF editor's forms (SPEC §3 form fields 1-7, §7 `document/content` and
 * `document/content/{file_id}/sign[/{password}]`): the values the browser fills in, sent with an
 * export, and the certificate signature of a signature field.
 */
import { z } from 'zod';

/** SPEC §3 form fields 1-7: a kind's code is its index plus one. */
export const formFieldKinds = ['button', 'checkbox', 'radio', 'combo', 'list', 'text', 'signature'] as const;
export type FormFieldKind = (typeof formFieldKinds)[number];

/** The code of a form field kind (1 button ... 7 signature). */
export function formFieldCode(kind: FormFieldKind): number {
  return formFieldKinds.indexOf(kind) + 1;
}

/** The kinds whose value the browser fills in; buttons act and signature fields are signed instead. */
export const fillableFieldKinds = ['checkbox', 'radio', 'combo', 'list', 'text'] as const satisfies readonly FormFieldKind[];

/** The value a check box or radio group has when none of its boxes is on. */
export const FIELD_OFF = 'Off';

/**
 * One field's new value, by its fully qualified name (parent names joined by dots, as pdf.js and
 * MuPDF name it). Text: the text. Check box: its on-state name or `Off`. Radio group: the
 * on-state name of the chosen button or `Off`. Combo and list box: the export value of the option.
 */
export const formFieldFill = z.object({
  name: z.string().min(1).max(1000),
  value: z.string().max(20_000),
});
export type FormFieldFill = z.infer<typeof formFieldFill>;

/** The most fields one export fills. */
export const FORM_FIELDS_MAX = 5000;

/** The largest PKCS#12 file accepted: certificate chains are a few kilobytes. */
export const PKCS12_MAX_BYTES = 256 * 1024;

/**
 * A certificate signature of a signature field, carried by the body (the spec's convertParams) of
 * document/content/{file_id}/sign: the field's name and the user's PKCS#12 file (.p12/.pfx,
 * base64) with its password. Both are used by that one task and dropped from it once it ran.
 */
export const certificateSignature = z.object({
  field: z.string().min(1).max(1000),
  pkcs12: z.string().min(1).max(Math.ceil(PKCS12_MAX_BYTES / 3) * 4).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'),
  pkcs12_password: z.string().max(1000).default(''),
  reason: z.string().max(500).optional(),
  location: z.string().max(500).optional(),
});
export type CertificateSignatureRequest = z.infer<typeof certificateSignature>;
