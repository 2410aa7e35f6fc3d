import type { AiFileInfo, AiStatus } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { waitForAnalysis } from './documentAnalysis';

const info = (state: AiStatus, extra: Partial<AiFileInfo> = {}): AiFileInfo => ({
  file_id: 'f1', file_name: 'a.pdf', state, total_page: 3, analysed_pages: 0, ocr: false,
  error_code: null, conversation_id: null, ...extra,
});

/** A clock that moves one tick (300 ms) each time the wait reads it after the first read. */
function tickingClock(tickMs = 300) {
  let t = 0;
  return () => {
    const now = t;
    t += tickMs;
    return now;
  };
}

describe('waitForAnalysis', () => {
  it('answers at once when the bind already reports success', async () => {
    const reads: string[] = [];
    const result = await waitForAnalysis(info('success'), { readInfo: async (id) => { reads.push(id); return info('success'); } });
    expect(result.state).toBe('success');
    expect(reads).toEqual([]);
  });

  it('reads the status until the analysis succeeds, reporting each one', async () => {
    const states: AiStatus[] = ['analyses', 'analyses', 'success'];
    const seen: AiStatus[] = [];
    const result = await waitForAnalysis(info('analyses'), {
      tickMs: 1,
      readInfo: async () => info(states.shift() ?? 'success', { analysed_pages: 3 }),
      onInfo: (i) => seen.push(i.state),
    });
    expect(result.analysed_pages).toBe(3);
    expect(seen).toEqual(['analyses', 'analyses', 'analyses', 'success']);
  });

  it('rejects with the code of a failed analysis', async () => {
    await expect(waitForAnalysis(info('analyses'), { tickMs: 1, readInfo: async () => info('failed', { error_code: 'NEED_OCR' }) }))
      .rejects.toMatchObject({ code: 'NEED_OCR' });
    await expect(waitForAnalysis(info('failed', { error_code: 'AI_PAGE_LIMIT' }))).rejects.toMatchObject({ code: 'AI_PAGE_LIMIT' });
  });

  it('rejects a failure without a code as 11012, analysis failed', async () => {
    await expect(waitForAnalysis(info('failed'))).rejects.toMatchObject({ code: 11012 });
  });

  it('gives up with 90002 once 60 s have passed at 300 ms ticks', async () => {
    let reads = 0;
    const wait = waitForAnalysis(info('analyses'), {
      tickMs: 0,
      now: tickingClock(),
      readInfo: async () => { reads += 1; return info('analyses'); },
    });
    await expect(wait).rejects.toMatchObject({ code: 90002 });
    expect(reads).toBe(199);
  });

  it('stops with ERR_CANCELED when the page aborts the wait', async () => {
    const controller = new AbortController();
    const wait = waitForAnalysis(info('analyses'), {
      tickMs: 5,
      signal: controller.signal,
      readInfo: async () => info('analyses'),
    });
    controller.abort();
    await expect(wait).rejects.toMatchObject({ code: 'ERR_CANCELED' });
  });
});
