// The lazily loaded half of the shell's notifications: antd's notification API under a
// ConfigProvider with the shell's theme. It shows every queued message once.
import { useEffect, useMemo, type RefObject } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import notification from 'antd/es/notification';
import type { ThemeTokens } from '@shop/shared/shell-contract/shell-props';
import { toAntdTheme } from '@shop/shared/federation/antd-theme';

export interface NotificationMessage {
  kind: 'error' | 'success' | 'info';
  title: string;
  description?: string;
}

export interface NotificationHostProps {
  queue: RefObject<NotificationMessage[]>;
  /** Changes with every notify call, so queued messages are shown. */
  sent: number;
  theme: ThemeTokens;
  config: Parameters<typeof notification.useNotification>[0];
}

function Holder({ queue, sent, config }: Omit<NotificationHostProps, 'theme'>) {
  const [api, holder] = notification.useNotification(config);
  useEffect(() => {
    for (const message of queue.current.splice(0)) {
      api[message.kind]({
        title: message.title,
        description: message.description,
        role: message.kind === 'error' ? 'alert' : 'status',
      });
    }
  }, [api, queue, sent]);
  return holder;
}

export function NotificationHost({ theme, ...props }: NotificationHostProps) {
  const antdTheme = useMemo(() => toAntdTheme(theme), [theme]);
  return (
    <ConfigProvider theme={antdTheme}>
      <Holder {...props} />
    </ConfigProvider>
  );
}
