import { toApiError } from '@shop/shared/http/api-error';

/** Runs an axios call and returns its body; any failure is rethrown as the one ApiError shape. */
export async function callApi<T>(request: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await request()).data;
  } catch (error) {
    throw toApiError(error);
  }
}
