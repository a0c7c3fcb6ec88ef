// Shell notifications: antd notification, 4.5 s, width 384, stacked after 3.
// antd (notification, ConfigProvider and its style engine) is loaded on the first notify call, so
// pages that never notify do not download it (docs/decisions/antd-shipping.md).
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Notify, ThemeTokens } from '@shop/shared/shell-contract/shell-props';
import { NOTIFICATION_WIDTH } from '@shop/shared/federation/antd-theme';
import type { NotificationMessage } from './notification-host';

export const NOTIFICATION_CONFIG = {
  duration: 4.5,
  placement: 'topRight',
  stack: { threshold: 3 },
} as const;

export { NOTIFICATION_WIDTH };

const NotificationHost = lazy(() =>
  import('./notification-host').then((module) => ({ default: module.NotificationHost })),
);

/** Returns the contract's notify plus the element that shows the notifications (empty until the first one). */
export function useShellNotify(theme: ThemeTokens): [Notify, ReactNode] {
  const queue = useRef<NotificationMessage[]>([]);
  const [sent, setSent] = useState(0);
  const send = useCallback((message: NotificationMessage) => {
    queue.current.push(message);
    setSent((count) => count + 1);
  }, []);
  const notify = useMemo<Notify>(
    () => ({
      error: (title, description) => send({ kind: 'error', title, description }),
      success: (title, description) => send({ kind: 'success', title, description }),
      info: (title, description) => send({ kind: 'info', title, description }),
    }),
    [send],
  );
  const host =
    sent > 0 ? (
      <Suspense fallback={null}>
        <NotificationHost queue={queue} sent={sent} theme={theme} config={NOTIFICATION_CONFIG} />
      </Suspense>
    ) : null;
  return [notify, host];
}
