// What the payment step shows while the provider's element loads, and when it cannot.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';

export function PaymentElementLoading() {
  return (
    <div role="status" aria-label="Loading the secure payment form" data-testid="payment-loading">
      <Skeleton.Input active block style={{ height: 40, marginBottom: 12 }} />
      <Skeleton.Input active block style={{ height: 40 }} />
    </div>
  );
}

export function PaymentElementFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={message}
      description="Check your connection, then try again. Nothing was charged."
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
