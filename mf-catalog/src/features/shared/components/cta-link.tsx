import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function CtaLink({
  to,
  children,
  variant = 'primary',
}: {
  to: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <Link className={`cat-cta cat-cta--${variant}`} to={to}>
      {children}
    </Link>
  );
}
