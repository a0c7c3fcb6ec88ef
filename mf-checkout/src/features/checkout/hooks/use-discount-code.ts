// The discount code: taken from the URL or the visit, looked up, checked against this cart and
// email, and checked again when the email changes. The code the shopper sees applied stays applied
// (and priced) while it is checked again, so an order placed meanwhile never silently loses it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { readDiscountCode } from '@shop/shared/client-state/client-storage';
import { FIRST_VIEW_DISCOUNT_KEY } from '@shop/shared/contract/cart-keys';
import type { CheckoutQuote } from '@shop/shared/contract/checkout';
import type { DiscountInvalidReason } from '@shop/shared/contract/discounts';
import { useShell } from '@shop/shared/federation/remote-root';
import { formatMoney } from '@shop/shared/format/money';
import { toApiError } from '@shop/shared/http/api-error';
import { lookupDiscount } from '../api/discount-lookup';
import { checkDiscountValidity } from '../api/discount-validity';

export type DiscountState =
  | { status: 'idle' }
  /** `kept`: the code applied before this check, still applied until the check answers. */
  | { status: 'checking'; kept: { code: string; message: string } | null }
  | { status: 'applied'; code: string; message: string }
  | { status: 'error'; message: string };

/** Refusals that depend on the email: shown as they are, where any other missing code is "not found". */
const EMAIL_REFUSALS: ReadonlySet<DiscountInvalidReason> = new Set([
  'already_used',
  'not_for_email',
]);

/** The code that prices the quote and goes with the order. */
export function appliedCodeOf(discount: DiscountState): string | null {
  if (discount.status === 'applied') return discount.code;
  if (discount.status === 'checking') return discount.kept?.code ?? null;
  return null;
}

/** Nothing stored: a page drawn on the server has no visit storage (the browser's own). */
const NO_VISIT_STORAGE = { getItem: () => null, setItem: () => undefined };

/** The code of the URL (?discount=) or stored earlier in the visit; on the server, the URL's only. */
export function visitDiscountCode(search: string): string | null {
  return readDiscountCode(
    search,
    typeof window === 'undefined' ? NO_VISIT_STORAGE : window.sessionStorage,
  );
}

export function useVisitDiscountCode(): string | null {
  return visitDiscountCode(useShell().navigation.location.search);
}

/** The code typed (or taken from the URL or the visit) and what became of it; the quote prices `appliedCode`. */
export function useDiscountState() {
  const visitCode = useVisitDiscountCode();
  const handOver = useFirstViewDiscount();
  const [codeInput, setCodeInput] = useState(() => handOver?.code ?? visitCode ?? '');
  const [discount, setDiscountState] = useState<DiscountState>(() =>
    !handOver
      ? { status: 'idle' }
      : handOver.applied
        ? { status: 'checking', kept: { code: handOver.code, message: handOver.message } }
        : { status: 'error', message: handOver.message },
  );
  // Updated with every change, not at the next render: an order that waited for a check reads it
  // as soon as the check answers.
  const current = useRef(discount);
  const setDiscount = useCallback(
    (next: DiscountState | ((previous: DiscountState) => DiscountState)) => {
      current.current = typeof next === 'function' ? next(current.current) : next;
      setDiscountState(current.current);
    },
    [],
  );
  const appliedCode = appliedCodeOf(discount);
  const latest = useMemo(
    () => ({
      get appliedCode() {
        return appliedCodeOf(current.current);
      },
    }),
    [],
  );
  // A code the first view found wanting was checked already: it is not tried again on its own.
  const startsChecked = handOver !== null && !handOver.applied;
  return { codeInput, setCodeInput, discount, setDiscount, appliedCode, latest, startsChecked };
}

interface FirstViewDiscount {
  code: string;
  message: string;
  applied: boolean;
}

/**
 * The code applied on the server's first view before this page was live (the shell's first script
 * did it, first-view-discount-action.ts), read once: the page starts showing what the visitor saw.
 */
function useFirstViewDiscount(): FirstViewDiscount | null {
  const queryClient = useQueryClient();
  const [handOver] = useState(
    () => queryClient.getQueryData<FirstViewDiscount>(FIRST_VIEW_DISCOUNT_KEY) ?? null,
  );
  useEffect(() => {
    if (handOver) queryClient.removeQueries({ queryKey: FIRST_VIEW_DISCOUNT_KEY, exact: true });
  }, [handOver, queryClient]);
  return handOver;
}

/** Looks the code up and checks it against the priced cart; tries a stored code once, and again when the email changes. */
// eslint-disable-next-line max-lines-per-function -- one sequence of steps that share local state; splitting it is still to do
export function useDiscountChecks(
  { codeInput, discount, setDiscount, startsChecked }: ReturnType<typeof useDiscountState>,
  {
    quote,
    email,
    businessKey,
  }: { quote: CheckoutQuote | undefined; email: string | undefined; businessKey?: string },
) {
  const { api } = useShell();
  const inFlight = useRef<Promise<void> | null>(null);

  const check = useCallback(
    async (raw: string) => {
      const code = raw.trim().toUpperCase();
      if (!code) return setDiscount({ status: 'idle' });
      if (!quote) return;
      setDiscount((current) => ({
        status: 'checking',
        kept:
          current.status === 'applied'
            ? { code: current.code, message: current.message }
            : current.status === 'checking'
              ? current.kept
              : null,
      }));
      const found = await lookupDiscount(api, code, { businessKey, email });
      const notFound = { status: 'error', message: `We could not find the code ${code}.` } as const;
      // The lookup answers null for a code this email may not use; only the check says why.
      if (!found && !email) return setDiscount(notFound);
      try {
        const validity = await checkDiscountValidity(api, code, {
          email,
          sum: quote.subtotal,
          priceIds: quote.lines.map((line) => line.priceId),
          businessKey,
        });
        if (!found && !(validity.reason && EMAIL_REFUSALS.has(validity.reason)))
          return setDiscount(notFound);
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

  const applyCode = useCallback(
    (raw: string) => {
      const running = check(raw).finally(() => {
        if (inFlight.current === running) inFlight.current = null;
      });
      inFlight.current = running;
      return running;
    },
    [check],
  );

  /** Resolves once no check is running (a check started meanwhile is waited for too). */
  const settled = useCallback(async () => {
    while (inFlight.current) await inFlight.current.catch(() => undefined);
  }, []);

  // A code from the URL (?discount=) or stored earlier in the visit is tried once the cart is priced;
  // one the shopper types (or the first view hands over) waits for Apply.
  const [startedWithCode] = useState(() => codeInput.trim() !== '' && !startsChecked);
  const autoApplied = useRef(!startedWithCode);
  useEffect(() => {
    if (!autoApplied.current && quote && codeInput) {
      autoApplied.current = true;
      void applyCode(codeInput);
    }
  }, [quote, codeInput, applyCode]);

  // An email-restricted code is checked again when the email changes; a change made while a check
  // runs is seen once it answers (that check was for the email before).
  const lastCheckedEmail = useRef(email);
  useEffect(() => {
    if (lastCheckedEmail.current === email || discount.status === 'checking') return;
    lastCheckedEmail.current = email;
    if (discount.status === 'applied' || discount.status === 'error') void applyCode(codeInput);
  }, [email, discount.status, codeInput, applyCode]);

  /** A code from the URL or the visit has not been tried yet (the cart is still being priced). */
  const firstTryPending = Boolean(codeInput.trim()) && !autoApplied.current;
  return { applyCode, settled, firstTryPending };
}
