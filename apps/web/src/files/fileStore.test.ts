import { RefusedTransitionError } from '@pagewright/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { isReady, useFileStore } from './fileStore';

const store = () => useFileStore.getState();
const file = (name: string) => new File(['%PDF'], name);

beforeEach(() => {
  store().bindTool('merge-pdf');
  store().reset();
});

describe('file list store', () => {
  it('adds files in the localAdded state', () => {
    const [added] = store().add([file('a.pdf')]);
    expect(added?.state).toBe('localAdded');
  });

  it('moves files only through transitions the state machine allows', () => {
    const [added] = store().add([file('a.pdf')]);
    const uid = added?.uid ?? '';
    store().dispatch(uid, 'upload');
    store().dispatch(uid, 'uploadSuccess');
    expect(store().files[0]?.state).toBe('ossSuccessful');
    expect(() => store().dispatch(uid, 'uploadError')).toThrow(RefusedTransitionError);
  });

  it('reorders a file to a new position', () => {
    const added = store().add([file('a.pdf'), file('b.pdf'), file('c.pdf')]);
    store().move(added[2]?.uid ?? '', 0);
    expect(store().files.map((f) => f.name)).toEqual(['c.pdf', 'a.pdf', 'b.pdf']);
    store().move(added[2]?.uid ?? '', 99);
    expect(store().files.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
  });

  it('counts a file as ready only once stored and readable', () => {
    const [added] = store().add([file('a.pdf')]);
    const uid = added?.uid ?? '';
    store().dispatch(uid, 'upload');
    store().patch(uid, { ossInfo: { file_id: 'f1' } });
    expect(isReady(store().files[0]!)).toBe(false);
    store().dispatch(uid, 'uploadSuccess');
    expect(isReady(store().files[0]!)).toBe(true);
  });

  it('starts an empty list when bound to another tool', () => {
    store().add([file('a.pdf')]);
    expect(store().bindTool('split-pdf')).toBe(true);
    expect(store().files).toEqual([]);
  });
});
