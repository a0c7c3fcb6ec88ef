import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import type { ApiError } from '@shop/shared/http/api-error';

export function FormSuccess({
  title,
  text,
  onAgain,
  againLabel,
}: {
  title: string;
  text: string;
  onAgain: () => void;
  againLabel: string;
}) {
  return (
    <div className="cat-form-card" role="status" aria-live="polite">
      <Alert type="success" showIcon title={title} description={text} />
      <Button type="link" onClick={onAgain} style={{ paddingLeft: 0, marginTop: 12 }}>
        {againLabel}
      </Button>
    </div>
  );
}

export function FormError({ error }: { error: ApiError | null }) {
  if (!error) return null;
  const message =
    error.status === 429 ? 'Too many attempts. Please wait a minute and try again.' : error.message;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title="That did not go through"
      description={message}
      style={{ marginBottom: 16 }}
    />
  );
}
