// The storefront's server render (built to dist/ssr/render.cjs): the first view of a partner's main,
// pricing, cart and checkout pages. The main page is the catalog's and the cart and checkout the
// checkout area's (mounted through AreaOutlet): their place is left as a slot, which the site fills
// with that area's own server render. All take over at the visitor's first interaction
// ('on-interaction'; the nested area follows its host).
import type { QueryClient } from '@tanstack/react-query';
import { renderAreaToString } from '@shop/shared/ssr/render-area';
import type {
  AreaRenderRequest,
  AreaServerRenderer,
  FirstViewEvent,
} from '@shop/shared/ssr/server-render';
import { partnerRedirectTarget, type StorefrontRouteKind } from '@shop/shared/rules/partner-rules';
import type { PartnerCustomizationProp } from '@shop/shared/shell-contract/shell-props';
import {
  customizationQueryOptions,
  shopKeyFromBasename,
} from '@shop/shared/storefront/customization-query';
import { partnerThemeTokens } from '@shop/shared/storefront/partner-theme';
import { partnerView, type Partner } from '@shop/shared/storefront/partner-view';
import { StorefrontRoot } from '../app/parcel';
import { offerTrackingEvent } from '../features/analytics/hooks/use-offer-tracking';
import { offersShown, pricingLanding } from '../features/offers/model/pricing-variants';
import { storefrontCatalogQuery } from '../features/offers/api/storefront-catalog';
import { storefrontOffersOf } from '../features/offers/hooks/use-storefront-offers';
import { storefrontPageTitle } from '../app/page-title';

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The pages drawn on the server, by path inside the storefront. The plan pages are left to the
 * browser: one the partner sells nothing in sends the shopper on to /pricing. The cart and the
 * checkout are the checkout area's, drawn as the visitor into this frame's slot.
 */
const SERVER_RENDERED_PAGES: Readonly<Record<string, StorefrontRouteKind>> = {
  '': 'main',
  '/pricing': 'pricing',
  '/shopping-cart': 'cart',
  '/checkout': 'checkout',
};

interface PricingReads {
  full: ReturnType<typeof customizationQueryOptions>;
  catalog: ReturnType<typeof storefrontCatalogQuery>;
}

/**
 * The pricing page's view_item, one per offer card it drew (its live cards send them as they mount,
 * which an 'on-interaction' page does only at the first interaction): the shell sends these at start.
 */
function pricingViewEvents(
  queryClient: QueryClient,
  reads: PricingReads,
  partner: Partner,
): FirstViewEvent[] {
  const full = queryClient.getQueryData(reads.full.queryKey);
  const catalog = queryClient.getQueryData(reads.catalog.queryKey);
  // A read that failed draws no cards, so no view_item either.
  if (!full || !catalog) return [];
  const offers = storefrontOffersOf(partner, full.products, catalog);
  return offersShown(offers, pricingLanding(partner.customization.pricingMode, offers)).map(
    (offer) => offerTrackingEvent('view_item', offer, partner.customization.shopKey ?? null),
  );
}

export const renderArea: AreaServerRenderer['renderArea'] = async (request: AreaRenderRequest) => {
  const shopKey = shopKeyFromBasename(request.basename);
  if (!shopKey || !request.pathname.startsWith(request.basename)) return null;
  const kind =
    SERVER_RENDERED_PAGES[request.pathname.slice(request.basename.length).replace(/\/+$/, '')];
  if (!kind) return null;
  let partnerKey: readonly unknown[] = [];
  let reads: PricingReads | null = null;
  let title: string | null = null;
  let openEvents: FirstViewEvent[] = [];
  const result = await renderAreaToString(
    {
      area: 'storefront',
      AreaRoot: StorefrontRoot,
      prefetch: async (queryClient, api) => {
        // The shell's read (without products): it hands this to the area as `customization`.
        const partner = customizationQueryOptions(api, shopKey, { excludeProducts: true });
        partnerKey = partner.queryKey;
        const full = customizationQueryOptions(api, shopKey, { excludeProducts: false });
        const catalog = storefrontCatalogQuery(api);
        reads = { full, catalog };
        await Promise.all([
          queryClient.prefetchQuery(partner),
          // Every page but the main one draws from what the partner sells.
          ...(kind !== 'main'
            ? [queryClient.prefetchQuery(full), queryClient.prefetchQuery(catalog)]
            : []),
        ]);
      },
      // What the browser shell hands the storefront: the partner and its theme. An unknown partner
      // ('Not found') and one that sends its visitors to its own site have no first view.
      shellProps: (queryClient) => {
        const customization = queryClient.getQueryData<PartnerCustomizationProp | null>(partnerKey);
        if (!customization) return null;
        const redirect = customization.redirectLink;
        if (partnerRedirectTarget(kind, typeof redirect === 'string' ? redirect : null))
          return null;
        const theme = partnerThemeTokens(customization);
        title = storefrontPageTitle(
          request.pathname.slice(request.basename.length),
          customization,
          theme,
        );
        if (reads && kind === 'pricing')
          openEvents = pricingViewEvents(queryClient, reads, partnerView(customization, theme));
        return { customization, theme };
      },
    },
    request,
  );
  // The server's page is complete and its links work: the storefront's (and the nested catalog's)
  // code loads at the visitor's first interaction, not with the page.
  if (!result) return null;
  // The tab's title, which the live area sets once it runs: the site puts it in place of the shell's.
  const head = title === null ? result.head : `<title>${escapeText(title)}</title>${result.head}`;
  return {
    ...result,
    head,
    takeover: 'on-interaction',
    ...(openEvents.length > 0 ? { openEvents } : {}),
  };
};
