/**
 * HTML to PDF with headless Chromium (/usr/bin/chromium through playwright-core). The page is
 * served to Chromium from memory under a name that resolves nowhere, with JavaScript off, and
 * every other request (images, style sheets, scripts, frames, redirects, the file's
 * neighbours) is aborted before it leaves the browser. Chromium itself runs in an empty network
 * namespace when available, with host resolution mapped to nothing as a further fence.
 */
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CatalogueError } from '@pagewright/contracts';
import type { Browser } from 'playwright-core';
import { networkIsolationPrefix } from './isolation.js';

const CHROMIUM = process.env.PAGEWRIGHT_CHROMIUM ?? '/usr/bin/chromium';
/** The document's own address: `.invalid` never resolves, and only this URL is answered. */
const DOCUMENT_URL = 'http://document.invalid/document.html';

/**
 * The page with its `<meta http-equiv="refresh">` disarmed: a redirect would be aborted by the
 * request blocking anyway, but a navigation starting while the page prints fails the print.
 * Works on the bytes as latin1, so any encoding of the page passes through unchanged.
 */
export function withoutRefresh(page: Buffer): Buffer {
  const text = page.toString('latin1');
  const disarmed = text.replace(/(<meta\b[^>]*\bhttp-equiv\s*=\s*["']?)refresh/gi, '$1x-refresh-disabled');
  return disarmed === text ? page : Buffer.from(disarmed, 'latin1');
}

export class ChromiumRenderer {
  private browser: Promise<Browser> | undefined;

  constructor(private readonly workDir: () => Promise<string>) {}

  /** Prints `inputPath` (HTML) to a PDF at `outputPath` (A4, backgrounds printed, CSS @page honoured). */
  async htmlToPdf(inputPath: string, outputPath: string, timeoutMs: number): Promise<void> {
    const html = await readFile(inputPath).catch(() => {
      throw new CatalogueError('INVALID_PARAMS', `input not found: ${inputPath}`);
    });
    await this.printHtml(html, outputPath, timeoutMs);
  }

  /** Prints an HTML page given as bytes, under the same rules. */
  async printHtml(page: Buffer, outputPath: string, timeoutMs: number): Promise<void> {
    const html = withoutRefresh(page);
    const browser = await this.launch();
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', acceptDownloads: false });
    try {
      await context.route('**/*', (route) => {
        const request = route.request();
        if (request.url() === DOCUMENT_URL && request.isNavigationRequest() && request.frame().parentFrame() === null) {
          return route.fulfill({ status: 200, contentType: 'text/html', body: html });
        }
        return route.abort('blockedbyclient');
      });
      const page = await context.newPage();
      page.setDefaultTimeout(timeoutMs);
      const deadline = new Promise<never>((_, reject) => {
        setTimeout(() => reject(new CatalogueError('CONVERSION_TIMEOUT', `Chromium did not finish within ${timeoutMs} ms`)), timeoutMs).unref();
      });
      await Promise.race([
        (async () => {
          await page.goto(DOCUMENT_URL, { waitUntil: 'load' });
          await page.pdf({ path: outputPath, format: 'A4', printBackground: true, preferCSSPageSize: true, margin: { top: '15mm', bottom: '15mm', left: '12mm', right: '12mm' } });
        })(),
        deadline,
      ]);
    } catch (err) {
      if (err instanceof CatalogueError) throw err;
      if ((err as Error).name === 'TimeoutError') throw new CatalogueError('CONVERSION_TIMEOUT', `Chromium: ${(err as Error).message}`);
      throw new CatalogueError('PARSE_EXCEPTION', `Chromium could not print the page: ${(err as Error).message}`);
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await (await browser.catch(() => undefined))?.close().catch(() => undefined);
  }

  private launch(): Promise<Browser> {
    this.browser ??= (async () => {
      const { chromium } = await import('playwright-core');
      const prefix = networkIsolationPrefix();
      let executablePath = CHROMIUM;
      if (prefix.length > 0) {
        // playwright starts one executable: a wrapper puts Chromium into the namespace.
        executablePath = join(await this.workDir(), 'chromium-isolated.sh');
        const quoted = [...prefix, CHROMIUM].map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
        await writeFile(executablePath, `#!/bin/sh\nexec ${quoted} "$@"\n`);
        await chmod(executablePath, 0o700);
      }
      const browser = await chromium.launch({
        executablePath,
        args: ['--host-resolver-rules=MAP * ~NOTFOUND', '--disable-background-networking', '--disable-sync', '--no-pings', '--disable-component-update', '--disable-domain-reliability'],
        timeout: 60_000,
      });
      browser.on('disconnected', () => {
        this.browser = undefined;
      });
      return browser;
    })().catch((err: unknown) => {
      this.browser = undefined;
      throw new CatalogueError('UNKNOWN', `Chromium did not start: ${(err as Error).message}`);
    });
    return this.browser;
  }
}
