import type { ReactNode } from 'react';

const css = `
.acc-wrap { display: grid; place-items: start center; padding: 40px 16px 64px; }
.acc-card { width: 100%; max-width: 440px; background: #fff; border: 1px solid #e3eeee; border-radius: 16px; padding: 28px 24px; box-shadow: 0 10px 30px rgba(18, 52, 59, 0.06); }
.acc-card h1 { margin: 0 0 6px; font-size: 1.7rem; color: #12343b; }
.acc-card .acc-lead { margin: 0 0 20px; color: #4a5f63; }
.acc-links { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 8px; margin-top: 12px; }
.acc-page { max-width: 960px; margin: 0 auto; padding: 32px 20px 56px; }
.acc-grid { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 767px) { .acc-grid { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
`;

export function AuthCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div className="acc-wrap">
      <style href="mf-account-styles" precedence="default">
        {css}
      </style>
      <section className="acc-card" aria-labelledby="acc-title">
        <h1 id="acc-title">{title}</h1>
        <p className="acc-lead">{lead}</p>
        {children}
      </section>
    </div>
  );
}

export const ACCOUNT_CSS = css;
