// GET /user/result-uploads/:id/file -> the bytes as an attachment. A plain link downloads it: the
// browser sends the session cookie and saves the file itself, so nothing is held in memory here.
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export function resultUploadFileUrl(api: ApiClients, id: string): string {
  // getUri joins the client's base URL (another origin or a path prefix) as a request would.
  return api.connect.getUri({ url: buildPath(API_PATHS.resultUploadFile, { id }) });
}
