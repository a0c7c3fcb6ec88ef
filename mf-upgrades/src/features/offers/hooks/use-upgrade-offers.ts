import { useCallback, useEffect, useRef, useState } from 'react';
import {
  queryOptions,
  useMutation,
  useMutationState,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryState,
} from '@tanstack/react-query';
import { useShell } from '@shop/shared/federation/remote-root';
import { readStoredItem, writeStoredItem } from '@shop/shared/client-state/key-value-storage';
import {
  UPGRADE_LOOKUP_KEYS,
  UPGRADE_TYPES,
  type UpgradeResult,
  type UpgradeType,
  type UpgradesAreaProps,
} from '@shop/shared/contract/upgrades';
import { shouldCheckUpgradePurchased } from '@shop/shared/rules/upgrade-purchased';
import { toApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
// Checkout's thank-you page reads the order under this key; a purchase refreshes its summary.
import { orderQueryKey } from '@shop/shared/contract/cart-keys';
import { useNextAction } from '@shop/shared/payments/use-next-action';
import {
  confirmUpgrade,
  fetchEasyDrawOffer,
  fetchMiniPanelOffer,
  fetchScheduledUpgrades,
  fetchUpgradeProducts,
  fetchUpgradePurchased,
  purchaseUpgrade,
  type UpgradeOffer,
} from '../api/upgrades-api';

export type UpgradeSlot =
  | { type: UpgradeType; state: 'offer'; offer: UpgradeOffer }
  | { type: UpgradeType; state: 'added'; title: string; amount: number | null; currency: string };

const upgradeKeys = (orderId: string) => ({
  purchased: (type: UpgradeType) => ['upgrades', orderId, 'purchased', type] as const,
  offer: (type: UpgradeType) => ['upgrades', orderId, 'offer', type] as const,
  bought: (type: UpgradeType) => ['upgrades', orderId, 'bought', type] as const,
});
const buyKey = (orderId: string, type?: UpgradeType) =>
  type ? ['upgrades', orderId, 'buy', type] : ['upgrades', orderId, 'buy'];
const PRODUCTS_KEY = ['upgrades', 'products'] as const;
const SCHEDULED_KEY = ['upgrades', 'scheduled'] as const;

const UPGRADE_KEYS = new Set(Object.values(UPGRADE_LOOKUP_KEYS));

/**
 * The reads an order's offers are drawn from, each as queryOptions: the live area and its server
 * render ask for them under the same keys.
 */
export function upgradeQueries(
  api: ApiClients,
  { orderId, paymentId, lookupKeys }: UpgradesAreaProps,
) {
  const keys = upgradeKeys(orderId);
  // The easy-draw device goes with a kit of the order, not with another add-on.
  const kit = lookupKeys.find((key) => !UPGRADE_KEYS.has(key)) ?? null;
  return {
    kit,
    purchased: (type: UpgradeType) =>
      queryOptions({
        queryKey: keys.purchased(type),
        queryFn: () => fetchUpgradePurchased(api, paymentId, type),
        staleTime: Infinity,
      }),
    products: queryOptions({
      queryKey: PRODUCTS_KEY,
      queryFn: () => fetchUpgradeProducts(api),
      staleTime: 5 * 60_000,
    }),
    scheduled: queryOptions({
      queryKey: SCHEDULED_KEY,
      queryFn: () => fetchScheduledUpgrades(api),
      staleTime: 5 * 60_000,
    }),
    /** Asked once the order is known not to have it. */
    miniPanel: (notPurchased: boolean) =>
      queryOptions({
        queryKey: keys.offer('mini-panel'),
        queryFn: () => fetchMiniPanelOffer(api, lookupKeys, paymentId),
        enabled: notPurchased,
      }),
    easyDraw: (notPurchased: boolean) =>
      queryOptions({
        queryKey: keys.offer('easy-draw'),
        queryFn: () =>
          fetchEasyDrawOffer(
            api,
            kit!,
            shouldCheckUpgradePurchased(paymentId) ? paymentId : orderId,
          ),
        enabled: notPurchased && kit !== null,
      }),
  };
}

/** How often, and how many times, an offer whose charge is being confirmed asks if it was bought. */
export const CONFIRM_POLL_MS = 3_000;
export const CONFIRM_POLLS = 20;

/**
 * The provider took the charge but the server has not recorded it yet (409 CONFLICT): the webhook
 * or the reconciliation job completes it, and clicking again returns the same charge.
 */
export function isStillConfirming(error: unknown): boolean {
  const apiError = toApiError(error);
  return apiError.status === 409 && apiError.code === 'CONFLICT';
}

/**
 * The upgrades whose purchase answered "still confirming": their purchased state is asked again
 * every CONFIRM_POLL_MS, at most CONFIRM_POLLS times, until it shows bought; then the thank-you
 * page's order summary is refreshed as after a purchase.
 */
function useConfirmingPurchases(orderId: string) {
  const { queryClient } = useShell();
  const confirming = useMutationState({
    filters: { mutationKey: buyKey(orderId), predicate: (m) => isStillConfirming(m.state.error) },
    select: (m) => m.options.mutationKey?.[3] as UpgradeType,
  });
  // How many answers each purchased query had when its purchase was still confirming.
  const startedAt = useRef(new Map<UpgradeType, number>());
  const announced = useRef(new Set<UpgradeType>());
  const pollsFor = (type: UpgradeType) =>
    confirming.includes(type)
      ? ({ state }: { state: QueryState<boolean> }) => {
          const answers = state.dataUpdateCount + state.errorUpdateCount;
          if (!startedAt.current.has(type)) startedAt.current.set(type, answers);
          const polls = answers - startedAt.current.get(type)!;
          return state.data === true || polls >= CONFIRM_POLLS ? false : CONFIRM_POLL_MS;
        }
      : false;
  const settled = (type: UpgradeType, bought: boolean | undefined) => {
    if (!bought || !confirming.includes(type) || announced.current.has(type)) return false;
    announced.current.add(type);
    return true;
  };
  return {
    pollsFor,
    refreshOrderWhenBought: (bought: readonly (boolean | undefined)[]) => {
      if (UPGRADE_TYPES.some((type, index) => settled(type, bought[index])))
        void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    },
  };
}

/**
 * Every upgrade for the order, in a fixed order: offered, added (bought, now or before a reload),
 * or left out (no offer). `loading` holds until each upgrade's state is known, so offers do not
 * jump around as answers arrive.
 */
export function useUpgradeSlots(order: UpgradesAreaProps) {
  const { api, queryClient } = useShell();
  const keys = upgradeKeys(order.orderId);
  const reads = upgradeQueries(api, order);
  const { kit } = reads;

  const confirming = useConfirmingPurchases(order.orderId);
  const purchased = useQueries({
    queries: UPGRADE_TYPES.map((type) =>
      queryOptions({ ...reads.purchased(type), refetchInterval: confirming.pollsFor(type) }),
    ),
  });
  const isPurchased = (type: UpgradeType) => purchased[UPGRADE_TYPES.indexOf(type)]!.data;
  const boughtStates = purchased.map((query) => query.data);
  useEffect(() => confirming.refreshOrderWhenBought(boughtStates));
  const products = useQuery(reads.products);
  // Nothing is offered that the shopper already has kits scheduled for; if that cannot be read,
  // the offers stand (the server refuses nothing on this ground).
  const scheduled = useQuery(reads.scheduled);
  const miniPanel = useQuery(reads.miniPanel(isPurchased('mini-panel') === false));
  const easyDraw = useQuery(reads.easyDraw(isPurchased('easy-draw') === false));

  const offerFor = (type: UpgradeType) => {
    if (type === 'mini-panel') return miniPanel;
    if (type === 'easy-draw')
      return kit ? easyDraw : { isPending: false, isError: false, data: null };
    return {
      isPending: products.isPending,
      isError: products.isError,
      data: products.data?.['bp-tape'] ?? null,
    };
  };

  const slots: UpgradeSlot[] = [];
  let loading = products.isPending || scheduled.isPending;
  for (const type of UPGRADE_TYPES) {
    const bought = isPurchased(type);
    if (bought === undefined) {
      loading ||= !purchased[UPGRADE_TYPES.indexOf(type)]!.isError;
      continue;
    }
    if (bought) {
      const result = queryClient.getQueryData<UpgradeResult>(keys.bought(type));
      const product = products.data?.[type];
      slots.push({
        type,
        state: 'added',
        title: result?.title ?? product?.title ?? type,
        amount: result?.amount ?? product?.unitAmount ?? null,
        currency: product?.currency ?? 'usd',
      });
      continue;
    }
    const offer = offerFor(type);
    if (offer.isPending) loading = true;
    else if (offer.data && !scheduled.data?.includes(offer.data.upgradeTo))
      slots.push({ type, state: 'offer', offer: offer.data });
  }
  const failed =
    !loading &&
    slots.length === 0 &&
    (products.isError ||
      miniPanel.isError ||
      easyDraw.isError ||
      purchased.some((query) => query.isError));
  return { slots, loading, failed };
}

const NOT_CONFIRMED = 'Your bank did not confirm the payment, so it was not charged.';

/**
 * One-click purchase of one offer. A second click while the first is on its way does nothing
 * (the server would refuse it anyway); a purchase the server says is already done counts as added.
 * A bank that asks again (3-D Secure on the saved card) is answered in the provider's dialog
 * (`challenge`, to render), then the API confirms from the provider's own state.
 */
export function useBuyUpgrade(
  offer: UpgradeOffer,
  { orderId, paymentId, email }: UpgradesAreaProps,
) {
  const { api, notify } = useShell();
  const queryClient = useQueryClient();
  const keys = upgradeKeys(orderId);
  const inFlight = useRef(false);
  const paymentRef = shouldCheckUpgradePurchased(paymentId) ? paymentId : orderId;
  const { handleNextAction, challenge } = useNextAction();

  async function purchase(): Promise<UpgradeResult> {
    const result = await purchaseUpgrade(api, offer, { paymentRef, email });
    if (result.status === 'completed' || !result.nextAction) return result;
    const bank = await handleNextAction(result.nextAction.clientSecret);
    const confirmed = await confirmUpgrade(api, result.id);
    if (confirmed.status !== 'completed') throw new Error(bank.error ?? NOT_CONFIRMED);
    return confirmed;
  }

  const markAdded = (result?: UpgradeResult) => {
    if (result) queryClient.setQueryData(keys.bought(offer.type), result);
    queryClient.setQueryData(keys.purchased(offer.type), true);
    void queryClient.invalidateQueries({ queryKey: keys.offer(offer.type) });
    void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
  };

  const mutation = useMutation({
    mutationKey: buyKey(orderId, offer.type),
    mutationFn: purchase,
    onSuccess: (result) => {
      markAdded(result);
      notify.success(`${result.title} added to your order`);
    },
    onError: (error) => {
      if (toApiError(error).code === 'UPGRADE_ALREADY_PURCHASED') markAdded();
      // Only a failure opens the button again; after a success the offer is gone for good, and a
      // charge being confirmed shows as added once it is.
      else if (!isStillConfirming(error)) inFlight.current = false;
    },
  });

  const buy = useCallback(() => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate();
  }, [mutation]);

  const confirming = mutation.isError && isStillConfirming(mutation.error);
  const error =
    mutation.isError &&
    !confirming &&
    toApiError(mutation.error).code !== 'UPGRADE_ALREADY_PURCHASED'
      ? toApiError(mutation.error).message
      : null;
  return { buy, buying: mutation.isPending, confirming, error, challenge };
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Offers the shopper said "No thanks" to, remembered for this order in this tab. */
export function useDismissedUpgrades(orderId: string) {
  const storageKey = `upgrades-dismissed:${orderId}`;
  const [dismissed, setDismissed] = useState<ReadonlySet<UpgradeType>>(() => {
    const store = sessionStore();
    const stored = store ? readStoredItem(store, storageKey) : null;
    const types = stored ? stored.split(',') : [];
    return new Set(UPGRADE_TYPES.filter((type) => types.includes(type)));
  });
  const dismiss = useCallback(
    (type: UpgradeType) => {
      setDismissed((current) => {
        const next = new Set(current).add(type);
        const store = sessionStore();
        if (store) writeStoredItem(store, storageKey, [...next].join(','));
        return next;
      });
    },
    [storageKey],
  );
  return { dismissed, dismiss };
}
