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

  if (userContext.loading)
    return <span className="header-account-placeholder" aria-hidden="true" />;
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
