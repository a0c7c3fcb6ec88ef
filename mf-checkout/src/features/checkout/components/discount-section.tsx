import Input from 'antd/es/input';
import { FIRST_VIEW_ACTION_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import type { DiscountState } from '../hooks/use-discount-code';

/** The code field, Apply, and the outcome announced politely. */
export function DiscountSection({
  codeInput,
  setCodeInput,
  discount,
  applyCode,
}: {
  codeInput: string;
  setCodeInput(value: string): void;
  discount: DiscountState;
  applyCode(code: string): Promise<void>;
}) {
  // While a code is checked again it stays applied, and its message stays on screen.
  const applied =
    discount.status === 'applied'
      ? discount
      : discount.status === 'checking'
        ? discount.kept
        : null;
  return (
    <section className="co-panel" aria-labelledby="co-discount">
      <h2 id="co-discount">Discount code</h2>
      <div style={{ display: 'flex', gap: 8 }}>
        <Input
          id="co-discount-code"
          aria-labelledby="co-discount"
          value={codeInput}
          onChange={(event) => setCodeInput(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            void applyCode(codeInput);
          }}
          autoComplete="off"
        />
        <button
          type="button"
          className="co-link-button"
          // The shell's first script applies it on the server's first view (one quote request).
          {...{ [FIRST_VIEW_ACTION_ATTRIBUTE]: 'discount-apply' }}
          onClick={() => void applyCode(codeInput)}
          disabled={discount.status === 'checking'}
        >
          {discount.status === 'checking' ? 'Checking…' : 'Apply'}
        </button>
      </div>
      <div aria-live="polite">
        {applied && (
          <p className="co-note co-discount" data-testid="discount-message">
            {applied.message}
          </p>
        )}
        {discount.status === 'error' && (
          <p
            className="co-note"
            role="alert"
            data-testid="discount-message"
            style={{ color: '#a61d24' }}
          >
            {discount.message}
          </p>
        )}
      </div>
    </section>
  );
}
