import Alert from 'antd/es/alert';
import type { ReactNode } from 'react';

/** A form-level message for what no single field owns (rate limits, network, server errors). */
export function FormAlert({
  id,
  title,
  children,
}: {
  id?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Alert
      id={id}
      className="acc-alert"
      type="error"
      showIcon
      role="alert"
      title={title}
      description={children}
    />
  );
}

/** What a form says once it has done its job; announced politely, not as an alarm. */
export function FormSuccess({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert
      className="acc-alert"
      type="success"
      showIcon
      role="status"
      title={title}
      description={children}
    />
  );
}
