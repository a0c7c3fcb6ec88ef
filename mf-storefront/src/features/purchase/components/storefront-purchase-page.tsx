import { Link } from 'react-router';
import { StorefrontStyles } from '../../shared/storefront-styles';
import { usePartner } from '../../shared/use-partner';

const COPY = {
  cart: { title: 'Your cart', text: 'Review your tests before checking out.', next: { to: '/checkout', text: 'Go to checkout' } },
  checkout: { title: 'Checkout', text: 'Enter your contact and shipping details to complete your order.', next: { to: '/shopping-cart', text: 'Back to cart' } },
  'thank-you': { title: 'Thank you for your order', text: 'Your kit ships within one business day.', next: { to: '/', text: 'Back to the shop' } },
} as const;

export function StorefrontPurchasePage({ step }: { step: keyof typeof COPY }) {
  const partner = usePartner();
  const copy = COPY[step];
  return (
    <div className="sf-page" style={{ ['--sf-primary' as string]: partner.primaryColor }}>
      <StorefrontStyles />
      <h1>{copy.title}</h1>
      <p>
        {copy.text} Sold by {partner.businessName}.
      </p>
      <Link className="sf-cta" to={copy.next.to}>
        {copy.next.text}
      </Link>
    </div>
  );
}
