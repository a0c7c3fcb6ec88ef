import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { DetailFrom } from '../hooks/use-open-row';

/**
 * A detail page of its own (linkable, Back returns to the list): a link back to the list it was
 * opened from, and its heading focused so the operator starts reading at the top.
 */
export function DetailFrame(props: {
  heading: string;
  listPath: string;
  listName: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const from = location.state as DetailFrom | null;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [location.pathname]);
  return (
    <section aria-labelledby="ops-detail-heading">
      <Link to={from?.listHref ?? props.listPath}>← Back to {props.listName}</Link>
      <h2
        id="ops-detail-heading"
        ref={heading}
        tabIndex={-1}
        style={{ fontSize: 22, margin: '12px 0 16px', overflowWrap: 'anywhere', outline: 'none' }}
      >
        {props.heading}
      </h2>
      {props.children}
    </section>
  );
}
