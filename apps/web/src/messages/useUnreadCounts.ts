import { useQuery } from '@tanstack/react-query';
import { getUnreadCounts, type Reader } from './messagesApi';
import { UNREAD_POLL_MS } from './messageView';

export const unreadQueryKey = (reader: Reader) => ['messages', 'unread', reader] as const;

/** The reader's unread counts, asked again every minute while the page is visible. */
export function useUnreadCounts(reader: Reader, enabled: boolean) {
  return useQuery({
    queryKey: unreadQueryKey(reader),
    queryFn: ({ signal }) => getUnreadCounts(reader, signal),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
