// POST /user/support-messages {name, email, message} -> { ok, expectedAnswerAt, expectedAnswer }.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  supportMessageResponseSchema,
  type SupportMessageBody,
  type SupportMessageResponse,
} from '@shop/shared/contract/support';
import { toApiError, type ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function sendSupportMessage(
  api: ApiClients,
  body: SupportMessageBody,
): Promise<SupportMessageResponse> {
  try {
    const { data } = await api.connect.post<unknown>(API_PATHS.supportMessages, body);
    return supportMessageResponseSchema.parse(data);
  } catch (error) {
    throw toApiError(error);
  }
}

export function sendSupportMessageMutationOptions(api: ApiClients) {
  return mutationOptions<SupportMessageResponse, ApiError, SupportMessageBody>({
    mutationKey: ['support-messages', 'send'],
    mutationFn: (body) => sendSupportMessage(api, body),
  });
}

export function useSendSupportMessage(api: ApiClients) {
  return useMutation(sendSupportMessageMutationOptions(api));
}
