import { isHttpUrl } from '@shop/shared/rules/safe-redirect';
import { sectionColors } from './main-page-root';
import { SOCIAL_ICONS, SOCIAL_NETWORK_NAMES, type SocialNetwork } from './social-icons';

export type SocialLinksData = Partial<Record<SocialNetwork, string | null>>;

export interface MainPageFooterProps {
  businessName: string;
  companyDescription?: string | null;
  socialLinks: SocialLinksData;
  backgroundColor?: string | null;
}

const NETWORKS = Object.keys(SOCIAL_ICONS) as SocialNetwork[];

/** The main page's closing band (partner fields companyDescription, footerColor and the four social links). */
export function MainPageFooter({
  businessName,
  companyDescription,
  socialLinks,
  backgroundColor,
}: MainPageFooterProps) {
  // Only http(s) links are shown, whatever was stored.
  const links = NETWORKS.flatMap((network) => {
    const href = socialLinks[network];
    return isHttpUrl(href) ? [{ network, href }] : [];
  });
  return (
    <section
      className="mp-footer"
      aria-label={`About ${businessName}`}
      style={sectionColors(backgroundColor)}
    >
      <div className="mp-wrap mp-footer-grid">
        <div>
          <p className="mp-footer-name">{businessName}</p>
          {companyDescription && <p>{companyDescription}</p>}
        </div>
        {links.length > 0 && (
          <ul className="mp-social" aria-label={`${businessName} on social media`}>
            {links.map(({ network, href }) => (
              <li key={network}>
                <a
                  href={href}
                  rel="noopener noreferrer"
                  aria-label={`${businessName} on ${SOCIAL_NETWORK_NAMES[network]}`}
                >
                  {SOCIAL_ICONS[network]}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
