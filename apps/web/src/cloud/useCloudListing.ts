import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CloudDocument, CloudFolder } from '@pagewright/contracts';
import { listFolder, listRecent, listStarred, ROOT_FOLDER } from './cloudApi';
import type { CloudView } from './cloudView';
import { mergePages, nextPageOf } from './paging';
import type { CloudItem } from './selection';
import { useCloudKeys } from './useCloudKeys';

export interface CloudListing {
  items: CloudItem[];
  /** Every document of the folder or search, loaded or not, plus its folders; the list length elsewhere. */
  total: number;
  /** The open folder's breadcrumbs below the root. */
  path: CloudFolder[];
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
  hasMore: boolean;
  loadMore: () => void;
  loadingMore: boolean;
}

const documentItems = (documents: CloudDocument[]): CloudItem[] => documents.map((document) => ({ kind: 'document', document }));

/** The rows of a view: the recent or starred documents, or a folder or search a page at a time. */
export function useCloudListing(view: CloudView): CloudListing {
  const cloudKeys = useCloudKeys();
  const recent = useQuery({ queryKey: cloudKeys.recent, queryFn: ({ signal }) => listRecent(signal), enabled: view.kind === 'recent' });
  const starred = useQuery({ queryKey: cloudKeys.starred, queryFn: ({ signal }) => listStarred(signal), enabled: view.kind === 'starred' });
  const folderId = view.kind === 'folder' ? view.folderId : ROOT_FOLDER;
  const keyword = view.kind === 'search' ? view.keyword : undefined;
  const paged = useInfiniteQuery({
    queryKey: keyword === undefined ? cloudKeys.folder(folderId) : cloudKeys.search(keyword),
    queryFn: ({ pageParam, signal }) => listFolder({ folderId, keyword, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageOf(last, pages),
    enabled: view.kind === 'folder' || view.kind === 'search',
  });

  if (view.kind === 'recent' || view.kind === 'starred') {
    const query = view.kind === 'recent' ? recent : starred;
    const documents = query.data ?? [];
    return {
      items: documentItems(documents),
      total: documents.length,
      path: [],
      isPending: query.isPending,
      error: query.error,
      refetch: () => void query.refetch(),
      hasMore: false,
      loadMore: () => undefined,
      loadingMore: false,
    };
  }
  const merged = mergePages(paged.data?.pages ?? []);
  return {
    items: [...merged.folders.map((folder): CloudItem => ({ kind: 'folder', folder })), ...documentItems(merged.documents)],
    total: merged.total + merged.folders.length,
    path: paged.data?.pages[0]?.path ?? [],
    isPending: paged.isPending,
    error: paged.error,
    refetch: () => void paged.refetch(),
    hasMore: paged.hasNextPage,
    loadMore: () => void paged.fetchNextPage(),
    loadingMore: paged.isFetchingNextPage,
  };
}
