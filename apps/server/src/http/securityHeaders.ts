/**
 * The headers every response carries against clickjacking, script injection and downgrades.
 *
 * Scripts come from this site only: the built index.html loads its bundle by URL, and any inline
 * script it holds is allowed by the hash of that exact script, never by 'unsafe-inline'.
 * Styles keep 'unsafe-inline' because Mantine writes its theme variables and responsive style
 * props into <style> elements at run time. Images and frames also take https: sources because
 * the operator and the administrator choose some from elsewhere (the event popup's image,
 * template banners, message icons, the feedback form and a message's history page).
 * Pages may be framed by this site only: the login dialog frames the login page.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface SecurityHeadersOptions {
  /** The site's public address (PUBLIC_URL): https makes HSTS and Secure cookies unconditional. */
  publicUrl: string;
  /** The built web app's index.html, whose inline scripts (if any) the policy allows by hash. */
  indexHtmlPath: string;
}

const HSTS = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const html = existsSync(options.indexHtmlPath) ? readFileSync(options.indexHtmlPath, 'utf8') : '';
  const policy = contentSecurityPolicy(inlineScriptHashes(html));
  app.addHook('onSend', async (request, reply) => {
    reply.header('Content-Security-Policy', policy);
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    // SPEC §2: pages carry referrer policy no-referrer-when-downgrade.
    reply.header('Referrer-Policy', 'no-referrer-when-downgrade');
    reply.header('X-Content-Type-Options', 'nosniff');
    if (overTls(request, options.publicUrl)) reply.header('Strict-Transport-Security', HSTS);
  });
}

/**
 * Whether the site is used over TLS: this request came over it (directly, or as a trusted
 * proxy's X-Forwarded-Proto says), or the site's public address is https.
 */
export function overTls(request: FastifyRequest, publicUrl: string): boolean {
  return request.protocol === 'https' || publicUrl.startsWith('https:');
}

export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((h) => `'${h}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** `sha256-…` of each inline script of an HTML page, as a CSP source allows it. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}
