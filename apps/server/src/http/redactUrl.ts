/**
 * SPEC §7 puts passwords in some URLs (document/info?passwd=, the redaction and sign paths,
 * upload tokens); logs get the URL with those parts masked.
 */
const SECRET_QUERY = /([?&](?:passwd|password|token)=)[^&#]*/gi;
const SECRET_PATH = /(\/(?:redaction\/[^/?#]+\/redaction|content\/[^/?#]+\/sign)\/)[^/?#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1***').replace(SECRET_QUERY, '$1***');
}
