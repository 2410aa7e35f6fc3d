import { timing } from '@pagewright/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCanceled, toApiError } from '../api/ApiError';
import { showErrorToast } from '../toasts/errorToast';
import { cloudRootKey, getCapacity } from './cloudApi';
import { uploadToCloud } from './cloudUpload';
import { useCloudKeys } from './useCloudKeys';

export interface UploadEntry {
  id: number;
  name: string;
  /** 0 to 1. */
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed' | 'canceled';
}

let nextId = 1;

/**
 * The uploads of the cloud page, one file after another so each is weighed against the room
 * left: a file that does not fit stops the rest and opens the capacity dialog.
 */
export function useCloudUploads({ onCapacityExceeded }: { onCapacityExceeded: () => void }) {
  const client = useQueryClient();
  const cloudKeys = useCloudKeys();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => {
    for (const controller of controllers.current.values()) controller.abort();
    clearTimeout(clearTimer.current);
  }, []);

  const update = (id: number, change: Partial<UploadEntry>) =>
    setEntries((list) => list.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));

  const start = useCallback(async (files: File[], folderId: string) => {
    const batch = files.map((file) => ({ file, entry: { id: nextId++, name: file.name, progress: 0, state: 'waiting' as const } }));
    for (const { entry } of batch) controllers.current.set(entry.id, new AbortController());
    setEntries((list) => [...list.filter((e) => e.state === 'uploading' || e.state === 'waiting'), ...batch.map((b) => b.entry)]);
    let full = false;
    for (const { file, entry } of batch) {
      const controller = controllers.current.get(entry.id);
      if (!controller || controller.signal.aborted) continue;
      if (full) {
        update(entry.id, { state: 'failed' });
        continue;
      }
      update(entry.id, { state: 'uploading' });
      try {
        await uploadToCloud(file, folderId, {
          signal: controller.signal,
          onProgress: (progress) => update(entry.id, { progress }),
          capacity: () => client.fetchQuery({ queryKey: cloudKeys.capacity, queryFn: ({ signal }) => getCapacity(signal), staleTime: 0 }),
        });
        update(entry.id, { state: 'done', progress: 1 });
        await client.invalidateQueries({ queryKey: cloudRootKey });
      } catch (failure) {
        if (isCanceled(failure)) {
          update(entry.id, { state: 'canceled' });
        } else if (toApiError(failure).code === 'CLOUD_CAPACITY_EXCEEDED') {
          full = true;
          update(entry.id, { state: 'failed' });
          onCapacityExceeded();
        } else {
          update(entry.id, { state: 'failed' });
          showErrorToast(failure);
        }
      } finally {
        controllers.current.delete(entry.id);
      }
    }
    // A batch that went through entirely leaves the list after a moment; failures stay to be read.
    const ids = new Set(batch.map((b) => b.entry.id));
    clearTimer.current = setTimeout(() => {
      setEntries((list) => (list.some((e) => ids.has(e.id) && e.state !== 'done') ? list : list.filter((e) => !ids.has(e.id))));
    }, timing.toastMs);
  }, [client, cloudKeys, onCapacityExceeded]);

  const cancel = useCallback((id: number) => {
    controllers.current.get(id)?.abort();
    update(id, { state: 'canceled' });
  }, []);

  /** Forgets the finished entries; the running ones stay. */
  const clearFinished = useCallback(() => {
    setEntries((list) => list.filter((e) => e.state === 'uploading' || e.state === 'waiting'));
  }, []);

  return { entries, start, cancel, clearFinished };
}
