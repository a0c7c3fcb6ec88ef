import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { CART_QUERY_KEY } from '@shop/shared/shell-contract/shell-props';
import { cartCount, readStoredCart } from '@shop/shared/shell-contract/cart-storage';

export function CartBadge({ to }: { to: string }) {
  const { data } = useQuery({ queryKey: CART_QUERY_KEY, queryFn: () => readStoredCart(window.localStorage), initialData: () => readStoredCart(window.localStorage), staleTime: Infinity });
  const count = cartCount(data);
  return (
    <NavLink to={to} className="header-cart" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6.2" />
        <circle cx="10" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      <span className="header-cart-text">Cart</span>
      {count > 0 && (
        <span className="header-cart-count" aria-hidden="true">
          {count}
        </span>
      )}
    </NavLink>
  );
}
