import { useEffect, useId, useMemo, useState } from 'react';
import { Link, NavLink } from 'react-router';
import type {
  ApiClients,
  PartnerCustomizationProp,
  UserContext,
} from '@shop/shared/shell-contract/shell-props';
import { useCart } from '@shop/shared/cart/use-cart';
import { rememberVisitorFrame } from '../../app/render-gate';
import { AccountMenu } from './account-menu';
import { CartBadge } from './cart-badge';
import { StorefrontBrand } from '../storefront/storefront-chrome-lazy';

export const CONSUMER_NAV = [
  { to: '/pricing', label: 'Tests & pricing' },
  { to: '/programs', label: 'Programs' },
  { to: '/quiz/which-test-is-right-for-me', label: 'Quiz' },
  { to: '/upload-results', label: 'Upload results' },
] as const;

function storefrontNav(basename: string) {
  return [
    { to: basename, label: 'Home' },
    { to: `${basename}/pricing`, label: 'Pricing' },
  ];
}

export function Logo() {
  return (
    <>
      <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32">
        <path d="M16 3c5 7 9 11.5 9 17a9 9 0 0 1-18 0c0-5.5 4-10 9-17z" fill="var(--brand)" />
        <path
          d="M12 20a4 4 0 0 0 4 4"
          stroke="#fff"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span>Bloodwise</span>
    </>
  );
}

export function Header({
  pathname,
  userContext,
  api,
  storefront,
}: {
  pathname: string;
  userContext: UserContext;
  api: ApiClients;
  storefront: {
    basename: string;
    customization: PartnerCustomizationProp | null | undefined;
  } | null;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  useEffect(() => setMenuOpen(false), [pathname]);

  const nav = storefront ? storefrontNav(storefront.basename) : CONSUMER_NAV;
  const cartPath = storefront ? `${storefront.basename}/shopping-cart` : '/shopping-cart';
  const owner = userContext.user?.email ?? null;
  const cart = useMemo(
    () => ({ api, sessionId: userContext.sessionId, owner }),
    [api, userContext.sessionId, owner],
  );
  // One read of the cart for the badge and for what the next page load's first view may assume.
  const { count, isLoading: cartLoading } = useCart(cart);
  const signedIn = userContext.user !== null;
  const known = !userContext.loading && !cartLoading;
  useEffect(() => {
    if (known) rememberVisitorFrame(window.localStorage, { signedIn, cartCount: count });
  }, [known, signedIn, count]);

  return (
    <header className="site-header">
      <div className="header-inner">
        {storefront ? (
          <StorefrontBrand {...storefront} />
        ) : (
          <Link to="/" className="header-logo" aria-label="Bloodwise home">
            <Logo />
          </Link>
        )}
        <button
          type="button"
          className="header-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
          <span className="visually-hidden">Menu</span>
        </button>
        <nav
          id={navId}
          aria-label="Main"
          className={menuOpen ? 'header-nav header-nav--open' : 'header-nav'}
        >
          <ul>
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          <CartBadge to={cartPath} count={count} />
          <AccountMenu userContext={userContext} />
        </div>
      </div>
    </header>
  );
}
