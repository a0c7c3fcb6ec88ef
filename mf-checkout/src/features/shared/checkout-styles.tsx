const css = `
.co-page { max-width: 1040px; margin: 0 auto; padding: 32px 20px 56px; }
.co-page h1 { color: #12343b; margin: 0 0 16px; font-size: clamp(1.7rem, 4vw, 2.3rem); }
.co-layout { display: grid; gap: 24px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 992px) { .co-layout { grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); } }
.co-list { list-style: none; margin: 0; padding: 0; border-top: 1px solid #e3eeee; }
.co-list li { display: flex; justify-content: space-between; gap: 12px; padding: 14px 0; border-bottom: 1px solid #e3eeee; }
.co-cta { display: inline-flex; align-items: center; justify-content: center; min-height: 48px; padding: 0 24px; border-radius: 8px; background: var(--co-primary, #3cbab5); color: #0b2428; font-weight: 700; text-decoration: none; width: 100%; }
.co-cta:focus-visible { outline: 3px solid #12343b; outline-offset: 2px; }
.co-steps { display: flex; gap: 8px; flex-wrap: wrap; list-style: none; padding: 0; margin: 0 0 20px; color: #4a5f63; }
.co-steps li[aria-current="step"] { color: #12343b; font-weight: 700; }
`;

export function CheckoutStyles() {
  return (
    <style href="mf-checkout-styles" precedence="default">
      {css}
    </style>
  );
}
