import { lazy, Suspense } from 'react';
import { useShareDialogStore } from './shareDialog';

// Fetched the first time a file is shared, so no page carries the dialog before.
const ShareDialog = lazy(() => import('./ShareDialog'));

/** Mounted once in the /app shell: the share dialog, while openShareDialog has a file for it. */
export function ShareRoot() {
  const sharing = useShareDialogStore((s) => s.target !== null);
  if (!sharing) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialog />
    </Suspense>
  );
}
