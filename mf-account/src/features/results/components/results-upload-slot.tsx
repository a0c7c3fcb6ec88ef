// Where the results page offers uploads. The upload panel itself lives with the uploads feature;
// until the page hosts it, these lead to it.
import { Link } from 'react-router';
import type { ResultUpload } from '@shop/shared/contract/result-uploads';
import { RESULT_UPLOADS_PATH } from '../../result-uploads/components/result-uploads-panel';

/** Where a pending upload is finished (columns matched, values confirmed). */
export const continueUploadPath = (upload: Pick<ResultUpload, 'id'>) =>
  `${RESULT_UPLOADS_PATH}#upload-${upload.id}`;

export function ResultsUploadSlot() {
  return (
    <p>
      <Link to={RESULT_UPLOADS_PATH}>Upload a lab report</Link>
    </p>
  );
}
