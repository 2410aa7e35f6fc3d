import { describe, expect, it } from 'vitest';
import {
  canTransition, fileStates, fileTransitions, RefusedTransitionError, transition,
  type FileState,
} from './fileState.js';

const events = Object.keys(fileTransitions) as (keyof typeof fileTransitions)[];

describe('file state machine', () => {
  const allowed: [string, FileState, FileState][] = [
    ['localAdd', 'initial', 'localAdded'],
    ['localAdd', 'ossSuccessful', 'localAdded'],
    ['localAdd', 'ossUploadFailed', 'localAdded'],
    ['encrypt', 'localAdded', 'encrypted'],
    ['encrypt', 'ossUploading', 'encrypted'],
    ['encrypt', 'ossSuccessful', 'encrypted'],
    ['damage', 'localAdded', 'damaged'],
    ['damage', 'ossUploading', 'damaged'],
    ['upload', 'decrypted', 'ossUploading'],
    ['upload', 'localAdded', 'ossUploading'],
    ['decrypt', 'localUploaded', 'decrypted'],
    ['decrypt', 'ossUploading', 'decrypted'],
    ['decrypt', 'encrypted', 'decrypted'],
    ['uploadError', 'ossUploading', 'ossUploadFailed'],
    ['uploadSuccess', 'ossUploading', 'ossSuccessful'],
    ['ocrCheck', 'ossSuccessful', 'ocrChecking'],
    ['ocrPassed', 'ocrChecking', 'ocrCheckPassed'],
    ['ocrFile', 'ocrChecking', 'ocrFileState'],
    ['convert', 'ossSuccessful', 'converting'],
    ['convert', 'ocrCheckPassed', 'converting'],
    ['convertError', 'converting', 'convertFailed'],
    ['convertSuccess', 'converting', 'convertSuccessful'],
    ['task', 'ossSuccessful', 'tasking'],
    ['task', 'convertSuccessful', 'tasking'],
    ['taskError', 'convertSuccessful', 'taskingFailed'],
    ['taskError', 'tasking', 'taskingFailed'],
    ['download', 'ocrChecking', 'download'],
    ['download', 'tasking', 'download'],
  ];

  it.each(allowed)('%s moves %s to %s', (event, from, to) => {
    expect(transition(from, event as keyof typeof fileTransitions)).toBe(to);
  });

  it('lists exactly the transitions of SPEC §4 and no other', () => {
    const table = events.flatMap((e) => fileTransitions[e].from.map((f) => `${e}:${f}`));
    expect(table.sort()).toEqual(allowed.map(([e, f]) => `${e}:${f}`).sort());
  });

  it('refuses every event from a state the spec does not list for it', () => {
    const allowedKeys = new Set(allowed.map(([e, f]) => `${e}:${f}`));
    let refused = 0;
    for (const event of events) {
      for (const state of fileStates) {
        if (allowedKeys.has(`${event}:${state}`)) continue;
        expect(canTransition(state, event)).toBe(false);
        expect(() => transition(state, event)).toThrow(RefusedTransitionError);
        refused++;
      }
    }
    expect(refused).toBe(events.length * fileStates.length - allowed.length);
  });

  it('refuses uploadSuccess from localAdded, a file that never started uploading', () => {
    expect(() => transition('localAdded', 'uploadSuccess')).toThrow(/refuses 'uploadSuccess'/);
  });

  it('goto reaches any state from any state, and needs a target', () => {
    expect(transition('damaged', 'goto', 'initial')).toBe('initial');
    expect(transition('download', 'goto', 'tasking')).toBe('tasking');
    expect(() => transition('initial', 'goto')).toThrow(RefusedTransitionError);
  });
});
