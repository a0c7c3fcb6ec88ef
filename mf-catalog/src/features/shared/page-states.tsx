import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useEffect, type ReactNode } from 'react';
import { CatalogStyles } from './catalog-styles';
import { PRODUCT_NAME } from '@shop/shared/rules/partner-rules';

/** Placeholder shaped like a page head and a row of cards, so the page does not jump when data lands. */
export function PageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="cat-wrap cat-skeleton" role="status" aria-live="polite" aria-label={label}>
      <Skeleton
        active
        title={{ width: '60%' }}
        paragraph={{ rows: 3, width: ['90%', '80%', '40%'] }}
      />
      <div className="cat-grid cat-grid--3" style={{ marginTop: 32 }}>
        {[0, 1, 2].map((index) => (
          <Skeleton.Node key={index} active style={{ width: '100%', height: 180 }} />
        ))}
      </div>
    </div>
  );
}

export function LoadError({ onRetry, what = 'this page' }: { onRetry: () => void; what?: string }) {
  return (
    <div className="cat-wrap" role="alert">
      <Result
        status="warning"
        title={`We could not load ${what}`}
        subTitle="Please check your connection and try again."
        extra={
          <Button type="primary" size="large" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    </div>
  );
}

/** The browser tab title, so screen-reader users hear where a navigation landed. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);
}

/** The page wrapper every catalog route uses: styles, then an error, a skeleton or the page itself. */
export function CatalogPageFrame({
  failed,
  retry,
  ready,
  what,
  children,
}: {
  failed: boolean;
  retry: () => void;
  ready: boolean;
  what?: string;
  children: () => ReactNode;
}) {
  return (
    <div className="cat-page">
      <CatalogStyles />
      {failed ? (
        <LoadError onRetry={retry} what={what} />
      ) : ready ? (
        children()
      ) : (
        <PageSkeleton label={what ? `Loading ${what}` : undefined} />
      )}
    </div>
  );
}
