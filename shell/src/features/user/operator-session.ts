import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

/** True for an operator; the API's 404 (its answer to everyone else) is a plain no. */
export async function isOperator(api: ApiClients): Promise<boolean> {
  try {
    await api.content.get(API_PATHS.opsSession);
    return true;
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 404) return false;
    throw error;
  }
}
