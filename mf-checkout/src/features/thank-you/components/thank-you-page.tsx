import Result from 'antd/es/result';
import { Link } from 'react-router';
import { useShell } from '@shop/shared/federation/remote-root';
import { CheckoutStyles } from '../../shared/checkout-styles';

export function ThankYouPage() {
  const { AreaOutlet } = useShell();
  return (
    <div className="co-page">
      <CheckoutStyles />
      <Result
        status="success"
        title={<h1 style={{ margin: 0 }}>Thank you for your order</h1>}
        subTitle="Your kit ships within one business day. We have emailed your receipt and tracking details."
        extra={<Link to="/">Back to the home page</Link>}
      />
      {/* Post-purchase offers belong to the upgrades area; the shell mounts it here. */}
      {AreaOutlet && <AreaOutlet area="upgrades" />}
    </div>
  );
}
