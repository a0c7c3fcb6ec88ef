// GET /user/results/export?format=zip|fhir|csv -> everything the customer uploaded and every
// reading, as an attachment. A plain link downloads it: the browser sends the session cookie and
// saves the (possibly large, streamed) file itself, so nothing is held in memory here.
import { API_PATHS } from '@shop/shared/contract/paths';
import type { RESULTS_EXPORT_FORMATS } from '@shop/shared/contract/results';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export type ResultsExportFormat = (typeof RESULTS_EXPORT_FORMATS)[number];

export function resultsExportUrl(api: ApiClients, format: ResultsExportFormat): string {
  return api.connect.getUri({ url: API_PATHS.resultsExport, params: { format } });
}
