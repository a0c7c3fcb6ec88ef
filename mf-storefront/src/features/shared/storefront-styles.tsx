const css = `
.sf-page { max-width: 1100px; margin: 0 auto; padding: 32px 20px 56px; }
.sf-page h1 { color: #12343b; font-size: clamp(1.8rem, 4.5vw, 2.8rem); line-height: 1.15; margin: 0 0 12px; }
.sf-hero { display: grid; gap: 24px; padding: 24px 0 32px; grid-template-columns: minmax(0, 1fr); align-items: center; }
@media (min-width: 800px) { .sf-hero { grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr); } }
.sf-hero p { font-size: 1.1rem; color: #3d5358; }
.sf-hero img { width: 100%; border-radius: 16px; }
.sf-cta { display: inline-flex; align-items: center; min-height: 46px; padding: 0 22px; border-radius: 8px; background: var(--sf-primary); color: #fff; font-weight: 700; text-decoration: none; }
.sf-cta:focus-visible { outline: 3px solid #12343b; outline-offset: 2px; }
.sf-steps { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); list-style: none; padding: 0; }
@media (min-width: 767px) { .sf-steps { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
.sf-steps li { background: #f7f8fb; border-radius: 12px; padding: 18px; border-top: 4px solid var(--sf-primary); }
.sf-tabs { display: flex; flex-wrap: wrap; gap: 8px; list-style: none; padding: 0; margin: 0 0 20px; }
.sf-tabs a { display: inline-block; padding: 8px 14px; border-radius: 18px; border: 1px solid #d9dde6; color: #12343b; text-decoration: none; }
.sf-tabs a.active { background: var(--sf-primary); border-color: var(--sf-primary); color: #fff; }
`;

export function StorefrontStyles() {
  return (
    <style href="mf-storefront-styles" precedence="default">
      {css}
    </style>
  );
}
