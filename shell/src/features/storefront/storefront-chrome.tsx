// The shell's header brand, footer and head on storefront routes. Only storefront routes load
// this module (see storefront-chrome-lazy.tsx); the colours live in storefront-style.ts.
import { Link, NavLink, useLocation } from 'react-router';
import { isHttpUrl } from '@shop/shared/rules/safe-redirect';
import { isSafeImageSrc, replaceProductName } from '@shop/shared/rules/partner-rules';
import type { PartnerCustomizationProp } from '@shop/shared/shell-contract/shell-props';
import { INK } from './storefront-style';
import { usePartnerHead } from './partner-head';

const css = `
.shell--storefront .site-header { --ink: var(--bar-ink); color: var(--bar-ink); }
.shell--storefront .header-menu-toggle, .shell--storefront .account-dropdown, .shell--storefront .account-trigger { --ink: ${INK}; }
.shell--storefront .header-nav a.active { color: var(--ink); }
.shell--storefront .header-cart-count, .shell--storefront .account-avatar { color: var(--on-brand); }
.shell--storefront .header-logo { min-width: 0; flex: 0 1 auto; overflow: hidden; font-size: 1.1rem; }
.shell--storefront .header-logo img { max-width: 112px; height: auto; object-fit: contain; object-position: left center; background: var(--logo-plate); border-radius: 6px; padding: var(--logo-plate-padding); }
/* A long partner name wraps (and shrinks on phones) rather than being cut off. */
.shell--storefront .header-logo span { white-space: normal; overflow-wrap: anywhere; line-height: 1.15; font-size: clamp(0.95rem, 3.9vw, 1.1rem); }
.shell--storefront .header-inner { padding: 0 12px; }
@media (max-width: 575px) { .shell--storefront .header-logo--with-image span { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; } }
@media (max-width: 799px) { .shell--storefront .header-nav { --ink: ${INK}; } }
@media (min-width: 576px) { .shell--storefront .header-logo img { max-width: 160px; } }
.shell--storefront .storefront-footer { background: var(--footer); color: var(--footer-ink); margin-top: 0; }
.storefront-footer a { color: var(--footer-ink); }
.storefront-footer-about { max-width: 44em; }
.storefront-footer-social { display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; padding: 0; margin: 0 0 12px; }
.storefront-footer-social a { display: inline-flex; align-items: center; min-height: 44px; }
`;

export function StorefrontShellStyles() {
  return (
    <style href="shell-storefront" precedence="default">
      {css}
    </style>
  );
}

const nameOf = (customization: PartnerCustomizationProp | null | undefined) =>
  typeof customization?.businessName === 'string' && customization.businessName.trim()
    ? customization.businessName.trim()
    : null;

/** The header's logo and name: the partner's logo links to its logoLink (http(s) only), else to the storefront's home. */
export function StorefrontBrand({
  basename,
  customization,
}: {
  basename: string;
  customization: PartnerCustomizationProp | null | undefined;
}) {
  const businessName = nameOf(customization) ?? 'Partner shop';
  const logo = isSafeImageSrc(customization?.logo) ? customization.logo.trim() : null;
  const className = logo ? 'header-logo header-logo--with-image' : 'header-logo';
  const content = (
    <>
      {logo && <img src={logo} alt="" height={32} data-testid="partner-logo" />}
      <span data-testid="partner-name">{businessName}</span>
    </>
  );
  if (isHttpUrl(customization?.logoLink)) {
    return (
      <a
        href={customization.logoLink}
        className={className}
        rel="noopener noreferrer"
        aria-label={`${businessName} website`}
      >
        {content}
      </a>
    );
  }
  return (
    <Link to={basename} className={className} aria-label={`${businessName} home`}>
      {content}
    </Link>
  );
}

const SOCIAL_LINKS = [
  ['facebookLink', 'Facebook'],
  ['instagramLink', 'Instagram'],
  ['twitterLink', 'X (Twitter)'],
  ['youtubeLink', 'YouTube'],
] as const;

/**
 * The storefront's footer: the partner's name, its description and social links when set (text
 * only; links only when http(s)) on every page but the main one, and links that stay inside the
 * storefront.
 */
export function StorefrontFooter({
  basename,
  customization,
}: {
  basename: string;
  customization: PartnerCustomizationProp | null | undefined;
}) {
  const businessName = nameOf(customization);
  // The main page closes with the catalog's band, which already shows these.
  const onMainPage = useLocation().pathname.replace(/\/+$/, '') === basename;
  const description = onMainPage ? null : customization?.companyDescription;
  const about =
    typeof description === 'string' && description.trim()
      ? replaceProductName(description, businessName)
      : null;
  const social = (onMainPage ? [] : SOCIAL_LINKS).flatMap(([field, network]) => {
    const href = customization?.[field];
    return isHttpUrl(href) ? [{ href: href.trim(), network }] : [];
  });
  return (
    <footer className="site-footer storefront-footer">
      <div className="footer-inner">
        {about && <p className="storefront-footer-about">{about}</p>}
        {social.length > 0 && (
          <ul
            className="storefront-footer-social"
            aria-label={`${businessName ?? 'Partner shop'} on social media`}
          >
            {social.map(({ href, network }) => (
              <li key={network}>
                <a href={href} rel="noopener noreferrer">
                  {network}
                </a>
              </li>
            ))}
          </ul>
        )}
        <nav aria-label="Footer">
          <ul>
            <li>
              <NavLink to={basename} end>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to={`${basename}/pricing`}>Tests and pricing</NavLink>
            </li>
            <li>
              <NavLink to={`${basename}/shopping-cart`}>Cart</NavLink>
            </li>
          </ul>
        </nav>
        <p>Support: Monday to Friday, 9:00 AM to 3:00 PM New York time.</p>
        <p>
          © {new Date().getFullYear()} {businessName ?? 'Partner shop'}. Lab tests are performed by
          CLIA-certified laboratories.
        </p>
      </div>
    </footer>
  );
}

/** The partner's favicon and meta tags while a storefront route shows (a component, so it can load lazily). */
export function PartnerHeadEffect({
  customization,
}: {
  customization: PartnerCustomizationProp | null | undefined;
}) {
  usePartnerHead(customization);
  return null;
}
