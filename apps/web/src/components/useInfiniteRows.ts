import { UI } from '@atende/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, type UIEvent } from 'react';
import { toastError } from '../lib/errors';

/**
 * The rows of a paged list and the scroll handler that asks for the next page within 100 px of
 * the bottom while the server has more. A record that moved between pages while
 * scrolling (live changes) shows once. A failed load is shown as a toast.
 */
export function useInfiniteRows<Page, Row extends { id: number }>(
  query: UseInfiniteQueryResult<InfiniteData<Page>>,
  rowsOf: (page: Page) => Row[] | undefined,
) {
  const { data, error, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const rows = useMemo(() => {
    const seen = new Set<number>();
    return (data?.pages ?? []).flatMap((page) => rowsOf(page) ?? []).filter((row) => !seen.has(row.id) && seen.add(row.id));
    // rowsOf only names a field of the page, so the pages alone decide the rows.
  }, [data]);

  useEffect(() => {
    if (error) toastError(error);
  }, [error]);

  function onScroll(event: UIEvent<HTMLElement>) {
    const pane = event.currentTarget;
    const nearBottom = pane.scrollHeight - (pane.scrollTop + pane.clientHeight) < UI.listBottomPx;
    if (nearBottom && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }

  return { rows, onScroll };
}
