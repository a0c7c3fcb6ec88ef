import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '@shop/shared/http/api-error';

/** A screen's data on its way: a skeleton, announced once to screen readers. */
export function LoadingBlock({ what }: { what: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="ops-visually-hidden">Loading {what}…</span>
      <Skeleton active paragraph={{ rows: 4 }} />
    </div>
  );
}

/** What the operator can act on, whatever went wrong. */
export function errorText(error: ApiError): string {
  if (error.status === null) return `${error.message} Check the connection and try again.`;
  if (error.status >= 500) return 'The shop could not do this just now. Try again in a moment.';
  return error.message;
}

/** Data that did not arrive: says what is missing and offers to ask again. */
export function LoadFailed({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: ApiError;
  onRetry: () => void;
}) {
  return (
    <Alert
      type="error"
      showIcon
      title={`Could not load ${what}`}
      description={errorText(error)}
      action={
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

/** A query's three states on a screen: skeleton, failure with Try again, or its data. */
export function QueryState<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T, ApiError>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock what={what} />;
  if (query.isError)
    return <LoadFailed what={what} error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
