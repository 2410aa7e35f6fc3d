import type { AdInfo } from '@pagewright/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { eventPopupShownAt, recordEventPopupShown, shouldShowEventPopup } from './eventPopup';
import { loadAdInfo } from './shellApi';

// Most visits show no popup; the dialog loads only for those that do.
const EventPopupDialog = lazy(() => import('./EventPopupDialog'));

/** The event popup of SPEC §4: the operator's ad when adv_popshow is 1, at most once in 7 days. */
export default function EventPopup() {
  const [ad, setAd] = useState<AdInfo | null>(null);
  useEffect(() => {
    let live = true;
    void loadAdInfo().then((info) => {
      const now = Date.now();
      if (!live || !info || !shouldShowEventPopup(info, eventPopupShownAt(), now)) return;
      recordEventPopupShown(now);
      setAd(info);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!ad) return null;
  return (
    <Suspense fallback={null}>
      <EventPopupDialog ad={ad} onClose={() => setAd(null)} />
    </Suspense>
  );
}
