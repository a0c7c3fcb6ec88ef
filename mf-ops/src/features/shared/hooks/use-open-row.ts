import type { KeyboardEvent, MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** What a detail page is handed: the list's address, so its back link returns to the same list. */
export interface DetailFrom {
  listHref: string;
}

/**
 * A list's rows as ways into their detail pages: a click anywhere on a row or Enter on a focused
 * row opens it (a link or button inside the row does its own work).
 */
export function useOpenRow<Row>(pathOf: (row: Row) => string, nameOf: (row: Row) => string) {
  const navigate = useNavigate();
  const location = useLocation();
  const from: DetailFrom = { listHref: `${location.pathname}${location.search}` };
  const open = (row: Row) => void navigate(pathOf(row), { state: from });
  return {
    from,
    onRow: (row: Row) => ({
      tabIndex: 0,
      'aria-label': nameOf(row),
      className: 'ops-row--link',
      onClick: (event: MouseEvent<HTMLElement>) => {
        if ((event.target as HTMLElement).closest('a, button')) return;
        open(row);
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) open(row);
      },
    }),
  };
}
