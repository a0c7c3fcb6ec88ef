// A partner's cart, order and e-mails name each product as its storefront does: the partner's own
// title from its customization (the shop's title, renamed for the partner, where it lists none).
import { partnerProductTitle } from '@shop/shared/rules/partner-rules';
import type { CustomizationService } from '../partners/customization-service';
import type { PricedCart, PricedLine } from './pricing';

export async function withPartnerTitles(
  customizations: CustomizationService,
  businessKey: string | null | undefined,
  priced: PricedCart,
): Promise<PricedCart> {
  const partner = businessKey ? await customizations.get(businessKey) : null;
  if (!partner) return priced;
  const lines: readonly PricedLine[] = priced.lines;
  return {
    ...priced,
    lines: lines.map((line) => ({
      ...line,
      title: partnerProductTitle({ key: line.productKey, title: line.title }, partner),
    })),
  };
}
