import { useEffect, type ReactNode } from 'react';
import { CatalogStyles } from './catalog-styles';
import { PRODUCT_NAME } from '@shop/shared/rules/product-name';
import { noteServerTitle } from '@shop/shared/ssr/server-notes';

/** Placeholder shaped like a page head and a row of cards, so the page does not jump when data lands. */
export function PageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="cat-wrap cat-skeleton" role="status" aria-live="polite" aria-label={label}>
      <span className="cat-skel cat-skel--title" />
      {['90%', '80%', '40%'].map((width) => (
        <span key={width} className="cat-skel cat-skel--line" style={{ width }} />
      ))}
      <div className="cat-grid cat-grid--3" style={{ marginTop: 32 }}>
        {[0, 1, 2].map((index) => (
          <span key={index} className="cat-skel cat-skel--card" />
        ))}
      </div>
    </div>
  );
}

export function LoadError({ onRetry, what = 'this page' }: { onRetry: () => void; what?: string }) {
  return (
    <div className="cat-wrap cat-error" role="alert">
      <span className="cat-error-icon" aria-hidden="true">
        !
      </span>
      <h2>We could not load {what}</h2>
      <p>Please check your connection and try again.</p>
      <button type="button" className="cat-cta cat-cta--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** The browser tab title, so screen-reader users hear where a navigation landed. */
export function useDocumentTitle(title: string | null | undefined) {
  // A server render runs no effects: it notes the title for the first view's HTML instead.
  if (title) noteServerTitle(documentTitleOf(title));
  useEffect(() => {
    if (title) document.title = documentTitleOf(title);
  }, [title]);
}

/** A page's tab title (the server's first view puts the same one in its HTML). */
export const documentTitleOf = (title: string) => `${title} | ${PRODUCT_NAME}`;

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
