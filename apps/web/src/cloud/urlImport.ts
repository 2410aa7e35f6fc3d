/**
 * The upload-from-URL rules of SPEC §5, checked before the import call: the URL starts with
 * http:// or https:// (URL_SCHEME) and ends with .pdf (URL_NOT_PDF). Whether the address may be
 * fetched at all is the server's to say (URL_NOT_ALLOWED).
 */
export type UrlProblem = 'URL_SCHEME' | 'URL_NOT_PDF';

export function importUrlProblem(typed: string): UrlProblem | null {
  const url = typed.trim();
  if (!/^https?:\/\/[^/]/i.test(url)) return 'URL_SCHEME';
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return 'URL_SCHEME';
  }
  return path.toLowerCase().endsWith('.pdf') ? null : 'URL_NOT_PDF';
}
