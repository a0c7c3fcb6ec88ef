import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { ApiClients, CurrentUser } from '@shop/shared/shell-contract/shell-props';
import type { SupportStatus } from '@shop/shared/rules/support-hours';
import { CHAT_UPDATE_DELAY_MS, createIntercomAdapter, type ChatAdapter } from './intercom-adapter';

export const INTERCOM_SCRIPT_URL = 'https://widget.intercom.io/widget/{appId}';

/** Boots the vendor widget with the user once the user query settles; updates it after each route change. */
function useVendorChat(
  appId: string,
  user: CurrentUser | null,
  userSettled: boolean,
  href: string,
) {
  const adapter = useRef<ChatAdapter | null>(null);
  // Left out of a page (an operator's console), the vendor's bubble goes too.
  useEffect(
    () => () => {
      adapter.current?.shutdown();
      adapter.current = null;
    },
    [],
  );
  useEffect(() => {
    if (!userSettled) return;
    adapter.current ??= createIntercomAdapter({ appId, scriptUrl: INTERCOM_SCRIPT_URL });
    adapter.current.boot(user);
  }, [appId, user, userSettled]);
  useEffect(() => {
    if (!adapter.current) return;
    const timer = setTimeout(() => adapter.current?.update(), CHAT_UPDATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [href]);
}

const systemNow = () => new Date();
/** How often an open panel brings the support desk's status up to date. */
export const SUPPORT_STATUS_REFRESH_MS = 60_000;

/**
 * The support desk's status while the panel is open. Its rules (New York time, through dayjs's
 * time-zone plugin) load on the first opening: no page needs them before someone asks to chat.
 */
export function useSupportStatus(open: boolean, now: () => Date = systemNow): SupportStatus | null {
  const [status, setStatus] = useState<SupportStatus | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    let interval: ReturnType<typeof setInterval> | undefined;
    void import('@shop/shared/rules/support-hours').then(({ supportStatus }) => {
      if (!live) return;
      const update = () => setStatus(supportStatus(now()));
      update();
      interval = setInterval(update, SUPPORT_STATUS_REFRESH_MS);
    });
    return () => {
      live = false;
      clearInterval(interval);
    };
  }, [open, now]);
  return status;
}

// The form and its rules load on the first opening, like the support hours.
const SupportMessageForm = lazy(() =>
  import('./components/support-message-form').then((module) => ({
    default: module.SupportMessageForm,
  })),
);

/** The built-in launcher used when no chat app id is configured: support's hours and a message form. */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function ChatLauncher({
  api,
  user = null,
  now = systemNow,
}: {
  api: ApiClients;
  user?: CurrentUser | null;
  now?: () => Date;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const status = useSupportStatus(open, now);

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className="chat">
      {open && (
        <div
          id={panelId}
          ref={panelRef}
          className="chat-panel"
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          onKeyDown={(event) => event.key === 'Escape' && close()}
        >
          <div className="chat-panel-head">
            <h2 id={titleId}>Chat with us</h2>
            <button type="button" className="chat-close" onClick={close} aria-label="Close chat">
              ×
            </button>
          </div>
          {status ? (
            <p className={status.open ? 'chat-status chat-status--open' : 'chat-status'}>
              <span className="chat-dot" aria-hidden="true" />
              {status.open ? 'Support is online. ' : 'Support is offline. '}
              {status.label}
            </p>
          ) : (
            <p className="chat-status" role="status">
              Checking whether support is online…
            </p>
          )}
          <p>Our care team answers Monday to Friday, 9:00 AM to 3:00 PM New York time.</p>
          <Suspense fallback={<p role="status">Loading the message form…</p>}>
            <SupportMessageForm api={api} user={user} />
          </Suspense>
        </div>
      )}
      <button
        ref={buttonRef}
        type="button"
        className="chat-launcher"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <svg
          aria-hidden="true"
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 5h16v11H9l-5 4z" strokeLinejoin="round" />
        </svg>
        <span className="chat-launcher-text">Chat with us</span>
      </button>
    </div>
  );
}

export function VendorChat({
  appId,
  user,
  userSettled,
  href,
}: {
  appId: string;
  user: CurrentUser | null;
  userSettled: boolean;
  href: string;
}) {
  useVendorChat(appId, user, userSettled, href);
  return null;
}

export function ChatWidget({
  appId,
  api,
  user,
  userSettled,
  href,
}: {
  appId: string | null;
  api: ApiClients;
  user: CurrentUser | null;
  userSettled: boolean;
  href: string;
}) {
  return appId ? (
    <VendorChat appId={appId} user={user} userSettled={userSettled} href={href} />
  ) : (
    <ChatLauncher api={api} user={user} />
  );
}
