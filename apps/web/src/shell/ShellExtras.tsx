import { ActivityBox } from './ActivityBox';
import EventPopup from './EventPopup';
import { LeavingGuard } from './LeavingGuard';

/**
 * The /app shell's popups and guards, loaded after the page so the first paint does not wait
 * for them: the leaving confirmation, the event popup and the activity box.
 */
export default function ShellExtras() {
  return (
    <>
      <LeavingGuard />
      <EventPopup />
      <ActivityBox />
    </>
  );
}
