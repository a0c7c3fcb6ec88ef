import { useId, type ReactNode } from 'react';
import { AccountStyles } from './account-styles';

/** The centred card every log-in, sign-up and reset screen sits in. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <div className="acc acc-wrap">
      <AccountStyles />
      <section className="acc-card" aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        <p className="acc-lead">{lead}</p>
        {children}
      </section>
    </div>
  );
}
