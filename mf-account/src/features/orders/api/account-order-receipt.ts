// GET /api/v1/account/orders/:id/receipt.pdf: the order's receipt as a PDF attachment (a plain link).
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export function accountOrderReceiptUrl(api: ApiClients, id: string): string {
  // getUri joins the client's base URL (another origin or a path prefix) as a request would.
  return api.content.getUri({ url: buildPath(API_PATHS.accountOrderReceipt, { id }) });
}
