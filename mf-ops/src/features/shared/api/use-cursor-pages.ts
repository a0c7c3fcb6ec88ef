import { useState } from 'react';
import { keepPreviousData, useQueries, type UseQueryOptions } from '@tanstack/react-query';
import type { ApiError } from '@shop/shared/http/api-error';

/** A page of a newest-first list: its rows and the cursor of the next, older page. */
interface CursorPage {
  nextCursor: string | null;
}

/**
 * A list for these API filters: the first page, then each older page asked for, one query per
 * cursor (the shell's shared query library carries no infinite queries). The first page's rows
 * stay on screen while another filter loads.
 */
export function useCursorPages<P extends CursorPage, R>(
  query: Record<string, string>,
  optionsFor: (cursor: string | null) => UseQueryOptions<P, ApiError, P, readonly unknown[]>,
  rowsOf: (page: P) => R[],
) {
  const [more, setMore] = useState<{ query: Record<string, string>; cursors: string[] }>({
    query,
    cursors: [],
  });
  // Other filters start again from the first page.
  const cursors = more.query === query ? more.cursors : [];
  const pages = useQueries({
    queries: [null, ...cursors].map((cursor, index) => ({
      ...optionsFor(cursor),
      placeholderData: index === 0 ? keepPreviousData : undefined,
    })),
  });
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  const nextCursor = last.data?.nextCursor ?? null;
  const loaded = pages.filter((page) => page.data !== undefined);
  return {
    first,
    rows: loaded.flatMap((page) => rowsOf(page.data!)),
    /** Updating after a filter changed (the rows shown are the previous filter's). */
    reloading: first.isFetching && (first.isPlaceholderData || pages.length === 1),
    olderLoading: pages.length > 1 && last.isPending,
    olderError: pages.length > 1 && last.isError ? last.error : null,
    retryOlder: () => void last.refetch(),
    hasOlder: !last.isPlaceholderData && nextCursor !== null,
    showOlder: () => {
      if (nextCursor) setMore({ query, cursors: [...cursors, nextCursor] });
    },
  };
}
