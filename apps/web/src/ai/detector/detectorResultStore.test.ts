import type { DetectorResult } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { loadDetection, saveDetection } from './detectorResultStore';

/** Session storage as a Map (the web tests run in Node, without a browser's storage). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() { return items.size; },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => { items.delete(key); },
    setItem: (key, value) => { items.set(key, value); },
  };
}

const result: DetectorResult = {
  total: 300, remain: 4_700, per_chars: 40, text: 'One sentence. Two sentences.',
  sentences: [{ text: 'One sentence.', start: 0, end: 13, score: 0.2, likely_ai: false }],
  probability: 0.4, likely_ai: false, threshold: 0.79,
  signals: [{ name: 'meanLogProb', value: -5, contribution: 0.1 }],
  accuracy: { auc: 0.96, false_positive_rate: 0.03, human_passages: 130, machine_passages: 130, generator: 'g' },
  provider: 'offline',
};

describe('the detection handed to the result page', () => {
  it('comes back whole for the account that ran it', () => {
    const storage = memoryStorage();
    saveDetection('u1', result, storage);
    expect(loadDetection('u1', storage)).toEqual(result);
  });
  it('is not shown to another account signed in on the same tab', () => {
    const storage = memoryStorage();
    saveDetection('u1', result, storage);
    expect(loadDetection('u2', storage)).toBeNull();
  });
  it('is null when nothing or something else is stored', () => {
    const storage = memoryStorage();
    expect(loadDetection('u1', storage)).toBeNull();
    storage.setItem('pagewright.detectorResult', '{"userId":"u1","result":{"total":"many"}}');
    expect(loadDetection('u1', storage)).toBeNull();
    storage.setItem('pagewright.detectorResult', 'not json');
    expect(loadDetection('u1', storage)).toBeNull();
  });
});
