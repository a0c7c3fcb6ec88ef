// The pages of the results flow, below the results page. The results page and everything below it
// are health-data pages (shared/src/rules/private-routes.ts): no analytics or chat runs on them.
import { RESULTS_PATH } from '../../results/model/results-path';

/** Where one upload's next step (progress, columns, values) or its outcome is shown. */
export const resultUploadPath = (id: string) => `${RESULTS_PATH}/uploads/${encodeURIComponent(id)}`;
