import { Link } from 'react-router';
import { isHttpUrl } from '@shop/shared/rules/safe-redirect';

export interface SectionLinkData {
  label: string;
  /** A path inside the shop ("/pricing") or an absolute http(s) URL. */
  href: string;
}

/** A call to action: router links for shop paths, plain anchors for http(s) URLs, nothing for anything else. */
export function SectionLink({
  link,
  variant = 'primary',
}: {
  link: SectionLinkData;
  variant?: 'primary' | 'secondary' | 'inverse';
}) {
  const className = `mp-cta mp-cta--${variant}`;
  if (link.href.startsWith('/') && !link.href.startsWith('//')) {
    return (
      <Link className={className} to={link.href}>
        {link.label}
      </Link>
    );
  }
  // Partner data: a javascript: or data: URL must never become a link.
  if (!isHttpUrl(link.href)) return null;
  return (
    <a className={className} href={link.href} rel="noopener noreferrer">
      {link.label}
    </a>
  );
}

export interface SectionImage {
  src: string;
  /** Empty for a decorative image. */
  alt: string;
}

/** A list with tick marks, for highlights and about points. */
export function CheckList({ items }: { items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="mp-checks">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
