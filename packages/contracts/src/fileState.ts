/**
 * The file state machine of SPEC §4: every file in a tool's list moves through these states,
 * and only through the transitions listed here (plus `goto`, which the spec allows from any
 * state to any state, used to restore a file's state after a reset).
 */
export const fileStates = [
  'initial', 'localAdded', 'encrypted', 'damaged', 'ossUploading', 'localUploaded', 'decrypted',
  'ossUploadFailed', 'ossSuccessful', 'ocrChecking', 'ocrCheckPassed', 'ocrFileState',
  'converting', 'convertFailed', 'convertSuccessful', 'tasking', 'taskingFailed', 'download',
] as const;
export type FileState = (typeof fileStates)[number];

export const fileTransitions = {
  localAdd: { from: ['initial', 'ossSuccessful', 'ossUploadFailed'], to: 'localAdded' },
  encrypt: { from: ['localAdded', 'ossUploading', 'ossSuccessful'], to: 'encrypted' },
  damage: { from: ['localAdded', 'ossUploading'], to: 'damaged' },
  upload: { from: ['decrypted', 'localAdded'], to: 'ossUploading' },
  decrypt: { from: ['localUploaded', 'ossUploading', 'encrypted'], to: 'decrypted' },
  uploadError: { from: ['ossUploading'], to: 'ossUploadFailed' },
  uploadSuccess: { from: ['ossUploading'], to: 'ossSuccessful' },
  ocrCheck: { from: ['ossSuccessful'], to: 'ocrChecking' },
  ocrPassed: { from: ['ocrChecking'], to: 'ocrCheckPassed' },
  ocrFile: { from: ['ocrChecking'], to: 'ocrFileState' },
  convert: { from: ['ossSuccessful', 'ocrCheckPassed'], to: 'converting' },
  convertError: { from: ['converting'], to: 'convertFailed' },
  convertSuccess: { from: ['converting'], to: 'convertSuccessful' },
  task: { from: ['ossSuccessful', 'convertSuccessful'], to: 'tasking' },
  taskError: { from: ['convertSuccessful', 'tasking'], to: 'taskingFailed' },
  download: { from: ['ocrChecking', 'tasking'], to: 'download' },
} as const satisfies Record<string, { from: readonly FileState[]; to: FileState }>;

export type FileEvent = keyof typeof fileTransitions | 'goto';

export class RefusedTransitionError extends Error {
  constructor(readonly state: FileState, readonly event: FileEvent) {
    super(`The file state machine refuses '${event}' in state '${state}'.`);
    this.name = 'RefusedTransitionError';
  }
}

export function canTransition(state: FileState, event: Exclude<FileEvent, 'goto'>): boolean {
  return (fileTransitions[event].from as readonly FileState[]).includes(state);
}

/** The state after `event`; `goto` needs its target. Throws RefusedTransitionError otherwise. */
export function transition(state: FileState, event: FileEvent, target?: FileState): FileState {
  if (event === 'goto') {
    if (!target) throw new RefusedTransitionError(state, event);
    return target;
  }
  if (!canTransition(state, event)) throw new RefusedTransitionError(state, event);
  return fileTransitions[event].to;
}

/** The failure states: a file in one of them takes no part in a task. */
export const failedFileStates: readonly FileState[] = [
  'damaged', 'ossUploadFailed', 'convertFailed', 'taskingFailed',
];

/** The queue-view lifecycle of SPEC §4 (the list a tool page shows). */
export const fileLifecycle = [
  'initial', 'uploading', 'uploadSuccess', 'uploadFailed', 'encrypt', 'damaged', 'analyzing',
  'aimOperating', 'aimOperatSuccess', 'aimOperatFailed', 'waiting', 'decrypt', 'exceedSize',
  'exceedPage', 'typeError', 'fail',
] as const;
export type FileLifecycle = (typeof fileLifecycle)[number];
