// Area styles, hoisted into <head> once by React 19 however many pages render them.
const css = `
.cat-page { --cat-ink: #12343b; --cat-muted: #4a5f63; --cat-soft: #f3fafa; --cat-line: #d8ecec; --cat-link: #0f6e69; color: var(--cat-ink); }
.cat-wrap { max-width: 1200px; margin: 0 auto; padding: 0 20px; }
.cat-head { padding: 40px 0 28px; background: linear-gradient(180deg, #eef9f8 0%, #ffffff 100%); }
.cat-head h1 { font-size: clamp(1.9rem, 4.6vw, 3rem); line-height: 1.1; margin: 0 0 14px; letter-spacing: -0.02em; max-width: 22em; }
.cat-lead { font-size: 1.125rem; color: var(--cat-muted); margin: 0 0 22px; max-width: 40em; }
.cat-eyebrow { display: inline-block; font-size: .8rem; font-weight: 700; letter-spacing: .08em; text-transform: uppercase; color: var(--cat-link); background: #dff3f2; padding: 4px 10px; border-radius: 999px; margin: 0 0 14px; }
.cat-highlights { list-style: none; padding: 0; margin: 0 0 22px; display: flex; flex-wrap: wrap; gap: 8px 20px; color: var(--cat-ink); font-weight: 600; }
.cat-highlights li::before { content: "✓"; color: var(--cat-link); margin-right: 6px; font-weight: 800; }
.cat-actions { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
.cat-section { padding: 36px 0; }
.cat-section + .cat-section { border-top: 1px solid #edf5f5; }
.cat-section h2 { font-size: clamp(1.4rem, 3vw, 1.9rem); line-height: 1.2; margin: 0 0 10px; }
.cat-section-intro { color: var(--cat-muted); margin: 0 0 22px; max-width: 44em; }
.cat-grid { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 576px) { .cat-grid { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (min-width: 992px) { .cat-grid--3 { grid-template-columns: repeat(3, minmax(0, 1fr)); } .cat-grid--4 { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
.cat-tile { background: #fff; border: 1px solid var(--cat-line); border-radius: 16px; padding: 20px; }
.cat-tile h3 { margin: 0 0 6px; font-size: 1.1rem; }
.cat-tile p { margin: 0; color: var(--cat-muted); }
.cat-steps { counter-reset: cat-step; list-style: none; padding: 0; margin: 0; }
.cat-steps > li { counter-increment: cat-step; position: relative; padding-left: 52px; }
.cat-steps > li::before { content: counter(cat-step); position: absolute; left: 18px; top: 18px; width: 28px; height: 28px; border-radius: 50%; background: var(--cat-accent, #3cbab5); color: var(--cat-on-accent, #0b2428); font-weight: 800; display: grid; place-items: center; }
.cat-steps > li.cat-tile { padding-left: 60px; }
.cat-cta { display: inline-flex; align-items: center; justify-content: center; text-align: center; line-height: 1.3; min-height: 48px; padding: 10px 22px; border-radius: 10px; font-weight: 700; text-decoration: none; border: 2px solid var(--cat-accent, #3cbab5); }
.cat-cta--primary { background: var(--cat-accent, #3cbab5); color: var(--cat-on-accent, #0b2428); }
.cat-cta--primary:hover { filter: brightness(.94); color: var(--cat-on-accent, #0b2428); }
.cat-cta--secondary { background: #fff; color: var(--cat-ink); }
.cat-cta--secondary:hover { background: var(--cat-soft); color: var(--cat-ink); }
.cat-cta:focus-visible, .cat-link:focus-visible { outline: 3px solid #0b5c58; outline-offset: 3px; }
.cat-link { color: var(--cat-link); font-weight: 600; }
.cat-band { background: var(--cat-soft); border-radius: 20px; padding: 28px; display: flex; flex-wrap: wrap; gap: 16px 28px; align-items: center; justify-content: space-between; }
.cat-band h2 { margin: 0 0 4px; }
.cat-band p { margin: 0; color: var(--cat-muted); max-width: 40em; }

.cat-switch { margin: 28px 0 8px; }
.cat-switch-label { display: block; font-weight: 700; margin: 0 0 8px; }
.cat-switch-hint { color: var(--cat-muted); margin: 8px 0 0; font-size: .95rem; }
.cat-offers { display: grid; gap: 20px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 767px) { .cat-offers { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (min-width: 1024px) { .cat-offers--wide { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
.cat-offer { position: relative; display: flex; flex-direction: column; background: #fff; border: 1px solid var(--cat-line); border-radius: 20px; padding: 24px; box-shadow: 0 6px 20px rgba(18, 52, 59, .06); }
.cat-offer--featured { border: 2px solid var(--cat-accent, #3cbab5); }
.cat-offer h3 { margin: 0 0 6px; font-size: 1.25rem; padding-right: 96px; }
.cat-offer-badge { position: absolute; top: 20px; right: 20px; background: #dff3f2; color: #0b4f4b; font-size: .78rem; font-weight: 700; padding: 4px 10px; border-radius: 999px; }
.cat-offer-desc { color: var(--cat-muted); margin: 0 0 16px; }
.cat-price { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 8px; margin: 0 0 4px; }
.cat-price-amount { font-size: 2.3rem; font-weight: 800; letter-spacing: -0.02em; line-height: 1.1; }
.cat-price-period { color: var(--cat-muted); font-weight: 600; }
.cat-price-note { color: var(--cat-muted); font-size: .92rem; margin: 0 0 14px; }
.cat-saving { display: inline-block; background: #fff4d6; color: #6b4a00; font-weight: 700; font-size: .85rem; border-radius: 6px; padding: 2px 8px; margin: 0 0 14px; }
.cat-markers { list-style: none; padding: 0; margin: 0 0 18px; display: flex; flex-wrap: wrap; gap: 6px; }
.cat-markers li { background: var(--cat-soft); border: 1px solid var(--cat-line); border-radius: 999px; padding: 2px 10px; font-size: .86rem; }
.cat-offer-foot { margin-top: auto; display: flex; flex-wrap: wrap; gap: 10px 14px; align-items: center; }
.cat-added { color: #0b5c58; font-weight: 600; }
.cat-addons { display: grid; gap: 14px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 767px) { .cat-addons { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
.cat-addon { display: flex; flex-direction: column; gap: 14px; justify-content: space-between; background: #fff; border: 1px solid var(--cat-line); border-radius: 16px; padding: 16px 18px; }
.cat-addon h3 { margin: 0 0 2px; font-size: 1.05rem; }
.cat-addon p { margin: 0; color: var(--cat-muted); font-size: .93rem; }
.cat-addon-buy { display: flex; align-items: center; gap: 12px; }
.cat-addon-price { font-weight: 800; font-size: 1.15rem; }

.cat-detail { display: grid; gap: 28px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 992px) { .cat-detail { grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr); align-items: start; } }
.cat-buybox { background: #fff; border: 1px solid var(--cat-line); border-radius: 20px; padding: 24px; box-shadow: 0 10px 30px rgba(18, 52, 59, .08); }
.cat-options { display: grid; gap: 10px; margin: 0 0 18px; }
.cat-option { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 6px 12px; border: 2px solid var(--cat-line); border-radius: 14px; padding: 12px 14px; cursor: pointer; }
.cat-option:has(input:checked) { border-color: var(--cat-accent, #3cbab5); background: #f3fbfb; }
.cat-option:has(input:focus-visible) { outline: 3px solid #0b5c58; outline-offset: 2px; }
.cat-option input { width: 20px; height: 20px; accent-color: #0f6e69; margin: 0 10px 0 0; }
.cat-option-name { font-weight: 700; }
.cat-option-sub { display: block; color: var(--cat-muted); font-size: .88rem; font-weight: 500; }
.cat-option-price { font-weight: 800; margin-left: auto; }

.cat-faq dt { font-weight: 700; margin: 16px 0 4px; }
.cat-faq dd { margin: 0; color: var(--cat-muted); max-width: 48em; }
.cat-guide-nav { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 20px; padding: 0; list-style: none; }
.cat-guide-nav a { display: inline-block; padding: 8px 14px; border: 1px solid var(--cat-line); border-radius: 999px; color: var(--cat-ink); text-decoration: none; font-weight: 600; }
.cat-guide-nav a:hover { background: var(--cat-soft); }
.cat-portal { scroll-margin-top: 80px; }
.cat-portal ol { margin: 8px 0 0; padding-left: 1.3em; line-height: 1.7; }
.cat-tip { margin: 10px 0 0 !important; font-size: .93rem; }

.cat-form-card { background: #fff; border: 1px solid var(--cat-line); border-radius: 20px; padding: 24px; }
.cat-form-grid { display: grid; gap: 0 16px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 767px) { .cat-form-grid { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
.cat-two-col { display: grid; gap: 24px; align-items: start; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 992px) { .cat-two-col { grid-template-columns: minmax(0, 1fr) minmax(0, 1.1fr); } }

.cat-quiz { max-width: 720px; margin: 0 auto; padding: 32px 20px 56px; }
.cat-quiz h1 { font-size: clamp(1.8rem, 4vw, 2.5rem); margin: 0 0 8px; }
.cat-progress { margin: 20px 0 24px; }
.cat-progress-track { height: 10px; background: #e3efef; border-radius: 999px; overflow: hidden; }
.cat-progress-fill { height: 100%; background: var(--cat-accent, #3cbab5); border-radius: 999px; transition: width .25s ease; }
.cat-progress-text { display: block; color: var(--cat-muted); font-size: .92rem; margin-bottom: 6px; font-weight: 600; }
.cat-question { border: 0; padding: 0; margin: 0; min-width: 0; }
.cat-question legend { font-size: 1.35rem; font-weight: 700; margin: 0 0 6px; padding: 0; }
.cat-question legend:focus { outline: none; }
.cat-question-help { color: var(--cat-muted); margin: 0 0 14px; }
.cat-answers { display: grid; gap: 10px; margin: 12px 0 24px; }
.cat-answer { display: flex; align-items: center; gap: 12px; border: 2px solid var(--cat-line); border-radius: 14px; padding: 14px 16px; cursor: pointer; font-weight: 600; background: #fff; }
.cat-answer:hover { border-color: #9fd8d5; }
.cat-answer:has(input:checked) { border-color: var(--cat-accent, #3cbab5); background: #f3fbfb; }
.cat-answer:has(input:focus-visible) { outline: 3px solid #0b5c58; outline-offset: 2px; }
.cat-answer input { width: 20px; height: 20px; accent-color: #0f6e69; margin: 0; }
.cat-question-error { color: #a8071a; font-weight: 600; margin: -12px 0 20px; }
.cat-quiz-nav { display: flex; justify-content: space-between; gap: 12px; }
.cat-result-reason { font-size: 1.1rem; background: var(--cat-soft); border-radius: 14px; padding: 16px 18px; margin: 0 0 20px; }
.cat-page h2[tabindex="-1"]:focus, .cat-page legend[tabindex="-1"]:focus { outline: none; }
.cat-feature { display: grid; gap: 24px; grid-template-columns: minmax(0, 1fr); align-items: start; }
@media (min-width: 992px) { .cat-feature { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 40px; } }
.cat-skeleton { padding: 40px 20px; }
.cat-skel { display: block; border-radius: 8px; background: linear-gradient(90deg, #eef3f3 25%, #e2eaea 37%, #eef3f3 63%); background-size: 400% 100%; animation: cat-shimmer 1.4s ease infinite; }
.cat-skel--title { height: 34px; width: 60%; margin: 0 0 18px; }
.cat-skel--line { height: 16px; margin: 0 0 12px; }
.cat-skel--card { height: 180px; border-radius: 16px; }
.cat-block-skeleton { border-radius: 16px; background: #f5f8f8; }
@keyframes cat-shimmer { 0% { background-position: 100% 50%; } 100% { background-position: 0 50%; } }
button.cat-cta { font: inherit; font-weight: 700; cursor: pointer; gap: 10px; }
button.cat-cta:disabled { cursor: progress; opacity: .85; }
.cat-cta--block { display: flex; width: 100%; }
.cat-spinner { width: 16px; height: 16px; border-radius: 50%; border: 2px solid currentColor; border-right-color: transparent; animation: cat-spin .8s linear infinite; }
@keyframes cat-spin { to { transform: rotate(360deg); } }
.cat-error { max-width: 560px; margin: 0 auto; padding: 56px 20px; text-align: center; }
.cat-error h2 { font-size: 1.5rem; margin: 0 0 8px; }
.cat-error p { color: var(--cat-muted); margin: 0 0 22px; }
.cat-error-icon { display: inline-grid; place-items: center; width: 56px; height: 56px; border-radius: 50%; background: #fff4e0; color: #8a5300; font-size: 1.8rem; font-weight: 800; margin: 0 0 16px; }
.cat-segmented { display: inline-flex; flex-wrap: wrap; gap: 4px; padding: 4px; border-radius: 12px; background: #e6f1f1; border: 0; margin: 0; }
.cat-segmented label { position: relative; display: inline-flex; align-items: center; min-height: 44px; padding: 8px 18px; border-radius: 9px; font-weight: 700; cursor: pointer; color: var(--cat-ink); }
.cat-segmented input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
.cat-segmented label:has(input:checked) { background: var(--cat-accent, #3cbab5); color: var(--cat-on-accent, #0b2428); box-shadow: 0 1px 3px rgba(11, 36, 40, .18); }
.cat-segmented label:has(input:focus-visible) { outline: 3px solid #0b5c58; outline-offset: 2px; }
.cat-segmented label:not(:has(input:checked)):hover { background: #d5eaea; }
.cat-sr-only { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
@media (prefers-reduced-motion: reduce) { .cat-progress-fill { transition: none; } .cat-skel, .cat-spinner { animation: none; } }
`;

export function CatalogStyles() {
  return (
    <style href="mf-catalog-styles" precedence="default">
      {css}
    </style>
  );
}
