// POST /employer-form-submit {email, name, employerEmail, …} -> the request, and the unpaid order it made.
import { API_PATHS } from '@shop/shared/contract/paths';
import type { EmployerFormBody, EmployerFormResponse } from '@shop/shared/contract/user';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function submitEmployerForm(
  api: ApiClients,
  body: EmployerFormBody,
): Promise<EmployerFormResponse> {
  return (await api.connect.post<EmployerFormResponse>(API_PATHS.employerFormSubmit, body)).data;
}
