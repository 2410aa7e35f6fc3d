import { isReady, useFileStore, type FileItem } from '../../files/fileStore';

/** The first ready file of the list: the document of a single-upload tool. */
export function useReadyFile(): FileItem | undefined {
  return useFileStore((state) => state.files.find(isReady));
}

export function useReadyFiles(): FileItem[] {
  const files = useFileStore((state) => state.files);
  return files.filter(isReady);
}

export function fileIdOf(file: FileItem): string {
  return file.ossInfo?.file_id ?? '';
}

/** The password that opened the file, or undefined for an open file. */
export function passwordOf(file: FileItem): string | undefined {
  return file.password ? file.password : undefined;
}
