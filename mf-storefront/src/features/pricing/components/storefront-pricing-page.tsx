import { Link, NavLink } from 'react-router';
import { StorefrontStyles } from '../../shared/storefront-styles';
import { usePartner } from '../../shared/use-partner';

export interface PricingView {
  path: string;
  label: string;
  lead: string;
}

export const PRICING_VIEWS: PricingView[] = [
  { path: 'pricing', label: 'All plans', lead: 'Every test and membership this shop offers.' },
  { path: 'pricing/one-time', label: 'One-time', lead: 'Single kits with no subscription.' },
  { path: 'pricing/monthly', label: 'Monthly', lead: 'A kit every month for close tracking.' },
  { path: 'pricing/quarterly', label: 'Quarterly', lead: 'A kit every three months: the most popular rhythm.' },
  { path: 'pricing/annual', label: 'Annual', lead: 'One yearly check-up, billed once a year.' },
  { path: 'pricing/add-ons', label: 'Add-ons', lead: 'Extra markers to add to any kit.' },
];

export function StorefrontPricingPage({ view }: { view: PricingView }) {
  const partner = usePartner();
  return (
    <div className="sf-page" style={{ ['--sf-primary' as string]: partner.primaryColor }}>
      <StorefrontStyles />
      <h1>{view.path === 'pricing' ? `${partner.businessName} plans and pricing` : `${view.label} plans`}</h1>
      <p style={{ color: '#3d5358' }}>{view.lead}</p>
      <nav aria-label="Plan types">
        <ul className="sf-tabs">
          {PRICING_VIEWS.map((item) => (
            <li key={item.path}>
              <NavLink to={`/${item.path}`} end>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <p>
        Prices for {partner.businessName} members are confirmed in your cart. <Link to="/shopping-cart">Go to the cart</Link>
      </p>
    </div>
  );
}
