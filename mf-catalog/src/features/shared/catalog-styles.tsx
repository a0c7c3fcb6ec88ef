// Area styles, hoisted into <head> once by React 19 however many pages render them.
const css = `
.cat-page { max-width: 1200px; margin: 0 auto; padding: 32px 20px 56px; }
.cat-hero { display: grid; gap: 24px; align-items: center; padding: 24px 0 40px; }
@media (min-width: 800px) { .cat-hero { grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr); padding: 48px 0 64px; } }
.cat-hero h1 { font-size: clamp(2rem, 5vw, 3.2rem); line-height: 1.1; margin: 0 0 16px; color: #12343b; }
.cat-hero p { font-size: 1.125rem; color: #3d5358; margin: 0 0 24px; max-width: 38em; }
.cat-hero-card { background: linear-gradient(135deg, #e6f7f6, #ffffff); border-radius: 16px; padding: 24px; border: 1px solid #cdeeed; }
.cat-hero-card ul { margin: 0; padding-left: 1.2em; color: #12343b; line-height: 1.9; }
.cat-actions { display: flex; flex-wrap: wrap; gap: 12px; }
.cat-cta { display: inline-flex; align-items: center; min-height: 44px; padding: 0 22px; border-radius: 8px; font-weight: 600; text-decoration: none; border: 2px solid var(--cat-primary, #3cbab5); }
.cat-cta--primary { background: var(--cat-primary, #3cbab5); color: #0b2428; }
.cat-cta--secondary { background: transparent; color: #12343b; }
.cat-cta:focus-visible { outline: 3px solid #12343b; outline-offset: 2px; }
.cat-section { padding: 32px 0; }
.cat-section h2 { font-size: 1.6rem; margin: 0 0 20px; color: #12343b; }
.cat-grid { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 576px) { .cat-grid { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (min-width: 992px) { .cat-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
.cat-step { background: #f6fbfb; border-radius: 12px; padding: 20px; }
.cat-step-number { display: inline-grid; place-items: center; width: 32px; height: 32px; border-radius: 50%; background: var(--cat-primary, #3cbab5); color: #0b2428; font-weight: 700; margin-bottom: 8px; }
.cat-price { font-size: 2rem; font-weight: 700; color: #12343b; }
.cat-price small { font-size: 0.9rem; font-weight: 400; color: #5b6f73; }
.cat-card-link { color: #0f6e69; font-weight: 600; }
.cat-banner { background: #12343b; color: #fff; border-radius: 16px; padding: 28px; display: flex; flex-wrap: wrap; gap: 16px; align-items: center; justify-content: space-between; }
.cat-banner h2 { color: #fff; margin: 0 0 6px; }
.cat-banner p { margin: 0; color: #d6ecea; }
`;

export function CatalogStyles() {
  return (
    <style href="mf-catalog-styles" precedence="default">
      {css}
    </style>
  );
}
