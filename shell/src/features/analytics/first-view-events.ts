// An 'on-interaction' first view's area runs its page-open analytics only at the visitor's first
// interaction: the server listed those events, so the shell sends them at start (a visitor who only
// reads is counted too) and drops the live area's repeat of them on the same page visit.
import type { NavigationStore } from '@shop/shared/shell-contract/navigation-store';
import type { FirstView } from '../../federation/first-view';
import type { ShellAnalytics } from './analytics';

export function sendFirstViewOpenEvents({
  firstView,
  analytics,
  store,
}: {
  firstView: FirstView;
  analytics: ShellAnalytics;
  store: NavigationStore;
}): void {
  if (firstView.takeover !== 'on-interaction' || firstView.openEvents.length === 0) return;
  analytics.sendOpenEvents(firstView.openEvents, firstView.pathname);
  // Another page is another visit: its events are its own, even when they look the same.
  const unsubscribe = store.subscribe(() => {
    if (store.getLocation().pathname === firstView.pathname) return;
    analytics.endPageVisit();
    unsubscribe();
  });
}
