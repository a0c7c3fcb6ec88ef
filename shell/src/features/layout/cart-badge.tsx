import { NavLink } from 'react-router';

/** The header's cart link; `count` is the server-side cart's, read by the header through the shared cart client. */
export function CartBadge({ to, count }: { to: string; count: number }) {
  return (
    // No aria-label: the name is the visible text plus a hidden word, so speech users can say what they see.
    <NavLink to={to} className="header-cart">
      <svg
        aria-hidden="true"
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6.2" />
        <circle cx="10" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      <span className="header-cart-text">Cart</span>
      {count > 0 ? (
        <>
          {' '}
          <span className="header-cart-count" data-testid="cart-count">
            {count}
          </span>
          <span className="visually-hidden"> {count === 1 ? 'item' : 'items'}</span>
        </>
      ) : (
        <span className="visually-hidden"> (empty)</span>
      )}
    </NavLink>
  );
}
