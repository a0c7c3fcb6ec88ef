// The page around every area: skip link, header, <main> and footer. The browser shell and the
// server render (src/server/render-shell.tsx) both draw it, so a first view and the live page match.
import type { ReactNode } from 'react';
import { Router, type Location, type Navigator } from 'react-router';
import type { ThemeTokens } from '@shop/shared/shell-contract/shell-props';
import { storefrontShellStyle } from '../features/storefront/storefront-style';

export interface ShellFrameProps {
  theme: ThemeTokens;
  storefront: object | null;
  location: Partial<Location> & { pathname: string };
  navigator: Navigator;
  header: ReactNode;
  footer: ReactNode;
  children: ReactNode;
  /** Storefront styles and head tags, before everything else. */
  top?: ReactNode;
  /** The development-override banner, above the header. */
  banner?: ReactNode;
  /** After the page: the chat widget. */
  after?: ReactNode;
}

export function ShellFrame({
  theme,
  storefront,
  location,
  navigator,
  header,
  footer,
  children,
  top,
  banner,
  after,
}: ShellFrameProps) {
  return (
    <div {...storefrontShellStyle(theme, storefront !== null)}>
      {top}
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {banner}
      <Router location={location} navigator={navigator}>
        {header}
        <main id="main" tabIndex={-1} className="shell-main">
          {children}
        </main>
        {footer}
      </Router>
      {after}
    </div>
  );
}
