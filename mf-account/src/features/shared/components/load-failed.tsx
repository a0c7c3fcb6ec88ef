import Button from 'antd/es/button';

/** A panel whose data did not arrive: says what is missing and offers to ask again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p role="alert">
      We could not load {what}.{' '}
      <Button type="link" onClick={onRetry} style={{ padding: 0 }}>
        Try again
      </Button>
    </p>
  );
}
