import EventPopup from './EventPopup';
import { LeavingGuard } from './LeavingGuard';

/**
 * The /app shell's popups and guards, loaded after the page so the first paint does not wait
 * for them: the leaving confirmation and the event popup. The activity box sits in the main
 * column, after the page (AppLayout).
 */
export default function ShellExtras() {
  return (
    <>
      <LeavingGuard />
      <EventPopup />
    </>
  );
}
