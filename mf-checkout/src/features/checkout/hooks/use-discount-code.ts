// The discount code: taken from the URL or the visit, looked up, checked against this cart and
// email, and checked again when the email changes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { readDiscountCode } from '@shop/shared/client-state/client-storage';
import type { CheckoutQuote } from '@shop/shared/contract/checkout';
import { useShell } from '@shop/shared/federation/remote-root';
import { formatMoney } from '@shop/shared/format/money';
import { toApiError } from '@shop/shared/http/api-error';
import { lookupDiscount } from '../api/discount-lookup';
import { checkDiscountValidity } from '../api/discount-validity';

export type DiscountState =
  | { status: 'idle' | 'checking' }
  | { status: 'applied'; code: string; message: string }
  | { status: 'error'; message: string };

/** The code typed (or taken from the URL or the visit) and what became of it; the quote prices `appliedCode`. */
export function useDiscountState() {
  const { navigation } = useShell();
  const [codeInput, setCodeInput] = useState(
    () => readDiscountCode(navigation.location.search, window.sessionStorage) ?? '',
  );
  const [discount, setDiscount] = useState<DiscountState>({ status: 'idle' });
  const appliedCode = discount.status === 'applied' ? discount.code : null;
  return { codeInput, setCodeInput, discount, setDiscount, appliedCode };
}

/** Looks the code up and checks it against the priced cart; tries a stored code once, and again when the email changes. */
export function useDiscountChecks(
  { codeInput, discount, setDiscount }: ReturnType<typeof useDiscountState>,
  {
    quote,
    email,
    businessKey,
  }: { quote: CheckoutQuote | undefined; email: string | undefined; businessKey?: string },
) {
  const { api } = useShell();

  const applyCode = useCallback(
    async (raw: string) => {
      const code = raw.trim().toUpperCase();
      if (!code) return setDiscount({ status: 'idle' });
      if (!quote) return;
      setDiscount({ status: 'checking' });
      const found = await lookupDiscount(api, code, { businessKey, email });
      if (!found)
        return setDiscount({ status: 'error', message: `We could not find the code ${code}.` });
      try {
        const validity = await checkDiscountValidity(api, code, {
          email,
          sum: quote.subtotal,
          priceIds: quote.lines.map((line) => line.priceId),
          businessKey,
        });
        setDiscount(
          validity.valid
            ? {
                status: 'applied',
                code,
                message: `${code} applied: −${formatMoney(validity.discountAmount, quote.currency)}`,
              }
            : {
                status: 'error',
                message: validity.message ?? 'This code cannot be used for this order.',
              },
        );
      } catch (error) {
        setDiscount({ status: 'error', message: toApiError(error).message });
      }
    },
    [api, businessKey, quote, email, setDiscount],
  );

  // A code from the URL (?discount=) or stored earlier in the visit is tried once the cart is priced.
  const autoApplied = useRef(false);
  useEffect(() => {
    if (!autoApplied.current && quote && codeInput) {
      autoApplied.current = true;
      void applyCode(codeInput);
    }
  }, [quote, codeInput, applyCode]);

  // An email-restricted code is checked again when the email changes.
  const lastCheckedEmail = useRef(email);
  useEffect(() => {
    if (lastCheckedEmail.current === email) return;
    lastCheckedEmail.current = email;
    if (discount.status === 'applied' || discount.status === 'error') void applyCode(codeInput);
  }, [email, discount.status, codeInput, applyCode]);

  return applyCode;
}
