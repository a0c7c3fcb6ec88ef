// The main-page sections' styles, hoisted into <head> once by React 19 however many sections render.
// Colours come in as CSS custom properties so a partner's palette never needs new CSS.
const css = `
.mp-root { --mp-ink: #12343b; --mp-muted: #4a5f63; --mp-soft: #f3fafa; --mp-line: #d8ecec; color: var(--mp-ink); }
.mp-wrap { max-width: 1200px; margin: 0 auto; padding: 0 20px; }
.mp-section { padding: 48px 0; background: var(--mp-bg, transparent); color: var(--mp-fg, var(--mp-ink)); }
.mp-section h2 { font-size: clamp(1.5rem, 3.2vw, 2.1rem); line-height: 1.2; margin: 0 0 12px; letter-spacing: -0.01em; }
.mp-lead { font-size: 1.075rem; color: var(--mp-fg-muted, var(--mp-muted)); margin: 0 0 28px; max-width: 44em; }
.mp-cta { display: inline-flex; align-items: center; justify-content: center; text-align: center; line-height: 1.3; min-height: 48px; padding: 10px 24px; border-radius: 10px; font-weight: 700; text-decoration: none; border: 2px solid var(--mp-accent); transition: filter .15s ease, background-color .15s ease; }
.mp-cta--primary { background: var(--mp-accent); color: var(--mp-on-accent); }
.mp-cta--primary:hover { filter: brightness(0.94); color: var(--mp-on-accent); }
.mp-cta--secondary { background: #fff; color: var(--mp-ink); }
.mp-cta--secondary:hover { background: var(--mp-soft); color: var(--mp-ink); }
.mp-cta--inverse { background: transparent; color: inherit; border-color: currentColor; }
.mp-cta:focus-visible, .mp-social a:focus-visible { outline: 3px solid var(--mp-focus, #0b5c58); outline-offset: 3px; }
.mp-actions { display: flex; flex-wrap: wrap; gap: 12px; }
.mp-hero { padding: 40px 0 56px; background: var(--mp-bg, linear-gradient(180deg, #eef9f8 0%, #ffffff 100%)); }
.mp-hero-grid { display: grid; gap: 32px; align-items: center; }
.mp-eyebrow { display: inline-block; font-size: .8rem; font-weight: 700; letter-spacing: .08em; text-transform: uppercase; color: #0f6e69; background: #dff3f2; padding: 4px 10px; border-radius: 999px; margin: 0 0 14px; }
.mp-hero h1 { font-size: clamp(2.1rem, 5.2vw, 3.5rem); line-height: 1.08; margin: 0 0 18px; letter-spacing: -0.02em; }
.mp-hero-text { font-size: 1.15rem; color: var(--mp-muted); margin: 0 0 28px; max-width: 36em; }
.mp-hero-media img { width: 100%; height: auto; display: block; border-radius: 24px; }
.mp-hero-media-pending { width: 100%; aspect-ratio: 480 / 360; border-radius: 24px; background: var(--mp-soft); }
.mp-checks { list-style: none; padding: 0; margin: 24px 0 0; display: grid; gap: 10px; }
.mp-checks li { position: relative; padding-left: 30px; }
.mp-checks li::before { content: ""; position: absolute; left: 0; top: .2em; width: 20px; height: 20px; border-radius: 50%; background: var(--mp-accent); }
.mp-checks li::after { content: ""; position: absolute; left: 7px; top: calc(.2em + 4px); width: 5px; height: 10px; border: solid var(--mp-on-accent); border-width: 0 2px 2px 0; transform: rotate(45deg); }
@media (min-width: 800px) { .mp-hero { padding: 64px 0 80px; } .mp-hero-grid { grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); gap: 48px; } }
.mp-steps { list-style: none; margin: 0; padding: 0; display: grid; gap: 20px; counter-reset: mp-step; }
.mp-step { background: #fff; border: 1px solid var(--mp-line); border-radius: 18px; padding: 20px; counter-increment: mp-step; }
.mp-step-media { position: relative; display: grid; place-items: center; margin-bottom: 14px; padding: 12px; border-radius: 14px; background: var(--mp-art-bg, var(--mp-soft)); }
.mp-step-media img { width: 100%; max-width: 200px; height: auto; display: block; }
.mp-step-media .mp-step-badge { position: absolute; right: 10px; bottom: 10px; width: auto; max-width: 45%; max-height: 36px; object-fit: contain; background: #fff; border-radius: 6px; padding: 3px 6px; box-shadow: 0 1px 4px rgba(18, 52, 59, 0.18); }
.mp-step-media .mp-step-badge:only-child { position: static; max-width: 70%; max-height: 72px; }
.mp-step h3 { font-size: 1.15rem; margin: 0 0 6px; }
.mp-step h3::before { content: counter(mp-step) ". "; color: #0f6e69; }
.mp-step p { margin: 0; color: var(--mp-muted); }
@media (min-width: 767px) { .mp-steps { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
.mp-groups { display: grid; gap: 16px; }
@media (min-width: 576px) { .mp-groups { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (min-width: 1024px) { .mp-groups { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
.mp-group { border: 1px solid var(--mp-line); border-radius: 16px; padding: 18px; background: #fff; color: var(--mp-ink); }
.mp-group h3 { margin: 0 0 4px; font-size: 1.1rem; }
.mp-group p { margin: 0 0 12px; color: var(--mp-muted); font-size: .95rem; }
.mp-chips { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
.mp-chips li { background: var(--mp-chip-bg, var(--mp-soft)); color: var(--mp-chip-fg, inherit); border: 1px solid var(--mp-chip-bg, var(--mp-line)); border-radius: 999px; padding: 3px 10px; font-size: .88rem; }
.mp-section-cta { margin-top: 24px; }
.mp-about-grid { display: grid; gap: 32px; align-items: center; }
.mp-about-grid img { width: 100%; height: auto; display: block; border-radius: 20px; }
.mp-about-text { color: var(--mp-fg-muted, var(--mp-muted)); margin: 0; font-size: 1.05rem; }
@media (min-width: 800px) { .mp-about-grid { grid-template-columns: minmax(0, 1fr) minmax(0, 1.1fr); gap: 56px; } }
.mp-banner { border-radius: 20px; padding: 28px; display: flex; flex-wrap: wrap; gap: 18px 28px; align-items: center; justify-content: space-between; background: var(--mp-banner-bg); color: var(--mp-banner-fg); }
.mp-banner p { margin: 0; font-size: 1.15rem; font-weight: 600; max-width: 40em; }
.mp-footer { background: var(--mp-bg, var(--mp-soft)); color: var(--mp-fg, var(--mp-ink)); border-top: 1px solid var(--mp-line); padding: 36px 0; }
.mp-footer-grid { display: flex; flex-wrap: wrap; gap: 20px 40px; align-items: center; justify-content: space-between; }
.mp-footer p { margin: 0; max-width: 40em; }
.mp-footer-name { font-weight: 800; font-size: 1.2rem; margin-bottom: 6px !important; }
.mp-social { list-style: none; margin: 0; padding: 0; display: flex; gap: 10px; }
.mp-social a { display: inline-grid; place-items: center; width: 44px; height: 44px; border-radius: 50%; border: 2px solid currentColor; color: inherit; }
.mp-social a:hover { background: rgba(127, 127, 127, 0.15); }
.mp-social svg { width: 20px; height: 20px; }
`;

export function MainPageStyles() {
  return (
    <style href="shop-main-page-sections" precedence="default">
      {css}
    </style>
  );
}
