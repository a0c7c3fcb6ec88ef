// Shell notifications (spec section 9): antd notification, 4.5 s, width 384, stacked after 3.
import { useMemo, type ReactNode } from 'react';
import notification from 'antd/es/notification';
import type { Notify } from '@shop/shared/shell-contract/shell-props';
import { NOTIFICATION_WIDTH } from '@shop/shared/federation/antd-theme';

export const NOTIFICATION_CONFIG = {
  duration: 4.5,
  placement: 'topRight',
  stack: { threshold: 3 },
} as const;

export { NOTIFICATION_WIDTH };

/** Returns the contract's notify plus the element antd renders the notifications into. */
export function useShellNotify(): [Notify, ReactNode] {
  const [api, holder] = notification.useNotification(NOTIFICATION_CONFIG);
  const notify = useMemo<Notify>(
    () => ({
      error: (title, description) => api.error({ title, description, role: 'alert' }),
      success: (title, description) => api.success({ title, description, role: 'status' }),
      info: (title, description) => api.info({ title, description, role: 'status' }),
    }),
    [api],
  );
  return [notify, holder];
}
