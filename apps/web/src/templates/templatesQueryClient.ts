import { QueryClient } from '@tanstack/react-query';

/** The gallery pages live under the marketing layout, which keeps no query client; they share this one. */
export const templatesQueryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
