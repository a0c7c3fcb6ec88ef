// Intercom-style chat widget, loaded only when an app id is configured: it boots with the user,
// updates 1.5 s after a route change, and keeps 80 px of bottom padding.
import type { CurrentUser } from '@shop/shared/shell-contract/shell-props';

export const CHAT_UPDATE_DELAY_MS = 1500;
export const CHAT_BOTTOM_PADDING = 80;

type IntercomFn = ((command: string, payload?: Record<string, unknown>) => void) & {
  q?: unknown[][];
};

declare global {
  interface Window {
    Intercom?: IntercomFn;
  }
}

export interface ChatAdapter {
  boot(user: CurrentUser | null): void;
  update(): void;
  shutdown(): void;
}

export function createIntercomAdapter({
  appId,
  scriptUrl,
  win = window,
}: {
  appId: string;
  scriptUrl: string;
  win?: Window;
}): ChatAdapter {
  if (!win.Intercom) {
    // Queue calls until the vendor script replaces the stub.
    const stub: IntercomFn = (...args: [string, Record<string, unknown>?]) => {
      (stub.q ??= []).push(args);
    };
    win.Intercom = stub;
    const script = win.document.createElement('script');
    script.async = true;
    script.src = scriptUrl.replace('{appId}', encodeURIComponent(appId));
    win.document.head.appendChild(script);
  }
  const call: IntercomFn = (command, payload) => win.Intercom?.(command, payload);
  return {
    boot(user) {
      call('boot', {
        app_id: appId,
        vertical_padding: CHAT_BOTTOM_PADDING,
        ...(user
          ? {
              email: user.email,
              name: user.name,
              created_at: Math.floor(Date.parse(user.createdAt) / 1000) || undefined,
            }
          : {}),
      });
    },
    update() {
      call('update', { last_request_at: Math.floor(Date.now() / 1000) });
    },
    shutdown() {
      call('shutdown');
    },
  };
}
