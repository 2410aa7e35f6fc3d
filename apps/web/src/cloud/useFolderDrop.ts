import { useRef, useState, type DragEvent } from 'react';
import { cloudDragType, decodeDrag, dropAllowed } from './dragMove';
import type { ItemIds } from './selection';

/**
 * Makes a folder row or a breadcrumb a drop target for dragged cloud rows: it lights up while
 * rows are over it and moves them in on the drop. Files dragged in from the desktop are not
 * its business and pass through.
 */
export function useFolderDrop(folderId: string, onDrop: (ids: ItemIds, folderId: string) => void) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every child the pointer crosses; count them.
  const depth = useRef(0);
  const carriesRows = (event: DragEvent) => event.dataTransfer.types.includes(cloudDragType);

  const props = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesRows(event)) return;
      event.preventDefault();
      depth.current += 1;
      setOver(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!carriesRows(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    },
    onDragLeave: (event: DragEvent) => {
      if (!carriesRows(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesRows(event)) return;
      event.preventDefault();
      depth.current = 0;
      setOver(false);
      const ids = decodeDrag(event.dataTransfer.getData(cloudDragType));
      if (ids && dropAllowed(ids, folderId)) onDrop(ids, folderId);
    },
  };
  return { over, props };
}
