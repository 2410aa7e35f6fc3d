import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apertiumPairs, translateWithApertium } from './apertium.js';
import { createTranslator } from './translator.js';

// The real Apertium of Debian's packages (scripts/setup.sh installs apertium and the pairs).
describe('Apertium wrapper (real apertium)', () => {
  it('lists the installed pairs in the translator\'s language tags, English to Spanish among them', async () => {
    const pairs = await apertiumPairs();
    expect(pairs).toContainEqual({ source: 'en', target: 'es', mode: 'eng-spa' });
    expect(pairs.some((p) => p.source === 'es' && p.target === 'pt')).toBe(true);
    expect(pairs.some((p) => p.mode.includes('_'))).toBe(false);
  });

  it('translates English paragraphs into Spanish, one answer per paragraph in the same order', async () => {
    const texts = ['The house is big.', '', 'My brother works in the city.\nHe likes the trains.', 'Table 3 shows the results.'];
    const out = await translateWithApertium('eng-spa', texts);
    expect(out).toHaveLength(4);
    expect(out[0]).toMatch(/casa/u);
    expect(out[1]).toBe('');
    expect(out[2]).toMatch(/hermano/u);
    expect(out[2]).toMatch(/ciudad/u);
    expect(out[3]).toMatch(/resultados/u);
  });

  it('offers no pair when the apertium program is missing, and refuses to translate with a catalogue code', async () => {
    expect(await apertiumPairs({ command: 'apertium-not-installed' })).toEqual([]);
    const translator = createTranslator({ kind: 'offline' }, { command: 'apertium-not-installed' });
    expect((await translator.languages()).pairs).toEqual([]);
    await expect(translator.translate(['hello'], 'en', 'es')).rejects.toMatchObject({ code: 'TRANSLATE_PAIR_UNAVAILABLE' });
  });

  it('offers offline only the languages of installed pairs and translates through them', async () => {
    const translator = createTranslator({ kind: 'offline' });
    const info = await translator.languages();
    expect(info).toMatchObject({ provider: 'offline', any_pair: false });
    expect(info.languages).toContain('es');
    expect(info.languages).not.toContain('ja');
    const result = await translator.translate(['Good morning, my friend.'], 'en', 'es');
    expect(result.texts[0]).toMatch(/amigo/u);
    expect(result.tokens).toBeGreaterThan(0);
    await expect(translator.translate(['Hello'], 'en', 'ja')).rejects.toMatchObject({ code: 'TRANSLATE_PAIR_UNAVAILABLE' });
  });
});

describe('Apertium wrapper limits', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pw-apertium-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ends a translation that runs past its time limit, the whole pipeline with it, with an error', async () => {
    // A stand-in for a stuck apertium: it never answers.
    const stuck = join(dir, 'stuck-apertium');
    writeFileSync(stuck, '#!/bin/sh\nexec sleep 30\n', { mode: 0o755 });
    const started = Date.now();
    await expect(translateWithApertium('eng-spa', ['The house is big.'], { command: stuck, timeoutMs: 300 })).rejects.toThrow(/timed out/u);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
