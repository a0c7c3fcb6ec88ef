import { useEffect, useId, useRef, type ReactNode } from 'react';
import { AccountStyles } from './account-styles';

/** The centred card every log-in, sign-up and reset screen sits in. */
export function AuthCard({
  title,
  lead,
  focusKey,
  children,
}: {
  title: string;
  lead: ReactNode;
  /** When this changes to a value, focus moves to the title: the screen changed in place. */
  focusKey?: string | null;
  children: ReactNode;
}) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusKey) heading.current?.focus();
  }, [focusKey]);
  return (
    <div className="acc acc-wrap">
      <AccountStyles />
      <section className="acc-card" aria-labelledby={titleId}>
        <h1 id={titleId} ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <p className="acc-lead">{lead}</p>
        {children}
      </section>
    </div>
  );
}
