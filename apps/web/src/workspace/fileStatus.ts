import type { FileItem } from '../files/fileStore';

/** What a row says about its file: the machine state, refined where SPEC §4's queue view is finer. */
export type FileStatus = FileItem['state'] | 'typeError' | 'checking';

export function fileStatus(file: FileItem): FileStatus {
  if (file.state === 'damaged' && file.errorCode === 'FILE_TYPE_ERROR') return 'typeError';
  // The bytes are stored and document/info is being read.
  if (file.state === 'ossUploading' && file.isUploadOss) return 'checking';
  return file.state;
}

export type StatusTone = 'progress' | 'ready' | 'attention' | 'failed' | 'done' | 'idle';

export function statusTone(status: FileStatus): StatusTone {
  switch (status) {
    case 'ossSuccessful':
    case 'ocrCheckPassed':
    case 'convertSuccessful':
      return 'ready';
    case 'download':
      return 'done';
    case 'encrypted':
    case 'ocrFileState':
      return 'attention';
    case 'damaged':
    case 'typeError':
    case 'ossUploadFailed':
    case 'convertFailed':
    case 'taskingFailed':
      return 'failed';
    case 'ossUploading':
    case 'checking':
    case 'decrypted':
    case 'converting':
    case 'tasking':
    case 'ocrChecking':
      return 'progress';
    default:
      return 'idle';
  }
}

export const toneColors: Record<StatusTone, string> = {
  progress: 'blue',
  ready: 'teal',
  done: 'teal',
  attention: 'yellow',
  failed: 'red',
  idle: 'gray',
};
