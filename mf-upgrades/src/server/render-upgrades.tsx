// The upgrades area's server render (built to dist/ssr/render.cjs): the add-on offers of an order,
// drawn into the slot checkout's thank-you page leaves for this area. The site renders it with the
// props the page handed its AreaOutlet; everything is read as the visitor (whether the order has an
// add-on, their scheduled kits), so a thank-you page's first view shows the offers it will keep.
import { upgradesAreaPropsSchema, UPGRADE_TYPES } from '@shop/shared/contract/upgrades';
import { renderAreaToString } from '@shop/shared/ssr/render-area';
import type {
  AreaRenderRequest,
  AreaRenderResult,
  AreaServerRenderer,
} from '@shop/shared/ssr/server-render';
import { UpgradesRoot } from '../app/parcel';
import { upgradeQueries } from '../features/offers/hooks/use-upgrade-offers';

export const renderArea: AreaServerRenderer['renderArea'] = async (
  request: AreaRenderRequest,
): Promise<AreaRenderResult | null> => {
  const order = upgradesAreaPropsSchema.safeParse(request.areaProps ?? null);
  const fetchPersonal = request.fetchPersonalJson;
  // Only as a guest of the thank-you page, for an order, as the visitor.
  if (!order.success || !fetchPersonal) return null;
  return renderAreaToString(
    {
      area: 'upgrades',
      AreaRoot: UpgradesRoot,
      prefetch: async (queryClient, api) => {
        const reads = upgradeQueries(api, order.data);
        // What the offers wait for: whether each is bought, then the offers still open.
        const [purchased] = await Promise.all([
          Promise.all(UPGRADE_TYPES.map((type) => queryClient.fetchQuery(reads.purchased(type)))),
          queryClient.prefetchQuery(reads.products),
          queryClient.prefetchQuery(reads.scheduled),
        ]);
        const open = (type: (typeof UPGRADE_TYPES)[number]) =>
          purchased[UPGRADE_TYPES.indexOf(type)] === false;
        await Promise.all(
          [reads.miniPanel(open('mini-panel')), reads.easyDraw(open('easy-draw'))]
            .filter((query) => query.enabled)
            .map((query) => queryClient.prefetchQuery(query)),
        );
      },
    },
    { ...request, fetchJson: fetchPersonal },
  );
};
