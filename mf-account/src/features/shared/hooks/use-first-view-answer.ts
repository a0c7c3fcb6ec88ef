import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiErrorOfAnswer, NETWORK_API_ERROR, type ApiError } from '@shop/shared/http/api-error';

/** An answer the first view's script received for a form it sent (shared/src/ssr/first-view-auth.ts). */
interface HandedAnswer {
  status: number | null;
  body: unknown;
}

/**
 * The answer the first view handed to this page under `queryKey`, read as the page first renders
 * (so it draws from it at once) and then dropped: coming back to the page later is a new visit.
 */
export function useFirstViewAnswer<T extends HandedAnswer>(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const [handed] = useState(() => queryClient.getQueryData<T>(queryKey));
  useEffect(() => {
    if (handed) queryClient.removeQueries({ queryKey, exact: true });
  }, [handed, queryClient, queryKey]);
  return handed;
}

/** Whether the handed answer is a success (2xx). */
export const isHandedSuccess = (answer: HandedAnswer) =>
  answer.status !== null && answer.status >= 200 && answer.status < 300;

/** A refusal the first view received, as the ApiError the live call would have thrown. */
export function handedError(answer: HandedAnswer): ApiError {
  return answer.status === null
    ? { ...NETWORK_API_ERROR }
    : apiErrorOfAnswer(answer.status, answer.body);
}
