// An 'on-interaction' first view's area runs its page-open analytics only at the visitor's first
// interaction: the server listed those events, so the shell sends them when the page opens (a
// visitor who only reads is counted too, see shell-basics.ts) and drops the live area's repeat of
// them on the same page visit, which ends at the next navigation.
import type { NavigationStore } from '@shop/shared/shell-contract/navigation-store';
import type { FirstView } from '../../federation/first-view';
import type { ShellAnalytics } from './analytics';

/** Sends a first view's page-open events when the page opens, if its area waits for the visitor. */
export function sendFirstViewOpenEvents(
  firstView: Pick<FirstView, 'takeover' | 'openEvents' | 'pathname'>,
  analytics: Pick<ShellAnalytics, 'sendOpenEvents'>,
): void {
  if (firstView.takeover !== 'on-interaction' || firstView.openEvents.length === 0) return;
  analytics.sendOpenEvents(firstView.openEvents, firstView.pathname);
}

/** From the shell's start: the next navigation ends the page visit those events stood for. */
export function endOpenEventsOnNavigation({
  firstView,
  analytics,
  store,
}: {
  firstView: FirstView;
  analytics: ShellAnalytics;
  store: NavigationStore;
}): void {
  if (firstView.takeover !== 'on-interaction' || firstView.openEvents.length === 0) return;
  // Another page is another visit: its events are its own, even when they look the same.
  const unsubscribe = store.subscribe(() => {
    if (store.getLocation().pathname === firstView.pathname) return;
    analytics.endPageVisit();
    unsubscribe();
  });
}
