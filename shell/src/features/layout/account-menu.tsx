import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import type { UserContext } from '@shop/shared/shell-contract/shell-props';

export function AccountMenu({ userContext }: { userContext: UserContext }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // Until the visitor is known the place is held. Its "Log in" shows only once the page knows
  // this browser was last seen signed out (index.ts marks the document): on a server's first
  // view waiting for the visitor, the header then offers it before the shell runs.
  if (userContext.loading)
    return (
      <span className="header-account-placeholder">
        <NavLink to="/login" className="header-login header-login--pending">
          Log in
        </NavLink>
      </span>
    );
  if (!userContext.user) {
    return (
      <NavLink to="/login" className="header-login">
        Log in
      </NavLink>
    );
  }
  const firstName = userContext.user.name.split(' ')[0] || 'Account';
  return (
    <div
      className="account-menu"
      ref={wrapper}
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      <button
        type="button"
        className="account-trigger"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <span className="account-avatar" aria-hidden="true">
          {firstName.charAt(0).toUpperCase()}
        </span>
        <span className="account-name">{firstName}</span>
      </button>
      {open && (
        <ul id={menuId} className="account-dropdown">
          <li>
            <Link to="/account" onClick={() => setOpen(false)}>
              Account
            </Link>
          </li>
          <li>
            <Link to="/account/results" onClick={() => setOpen(false)}>
              Results
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                void userContext.logout();
              }}
            >
              Log out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
