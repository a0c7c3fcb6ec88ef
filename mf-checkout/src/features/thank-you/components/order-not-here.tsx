import { Link } from 'react-router';

/**
 * What a thank-you page shows for an order it may not show (the API's 404): nothing about the
 * order, whether it exists or not, only why and where to look instead.
 */
export function OrderNotHere({
  className,
  homeLabel,
  heading: Heading = 'h2',
}: {
  className?: string;
  homeLabel: string;
  heading?: 'h1' | 'h2';
}) {
  return (
    <section className={className} data-testid="order-not-here">
      <Heading>We can’t show this order here</Heading>
      <p>
        For your privacy, an order is shown only in the browser it was placed in, or after you log
        in to the account that placed it. Your receipt is in your inbox.{' '}
        <Link to="/">{homeLabel}</Link>
      </p>
    </section>
  );
}
