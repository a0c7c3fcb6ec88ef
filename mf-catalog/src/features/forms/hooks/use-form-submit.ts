import { useMutation } from '@tanstack/react-query';
import type { FormInstance } from 'antd/es/form';
import { toApiError, type ApiError } from '@shop/shared/http/api-error';

/**
 * Posts a form and, when the API refuses a field, puts its message on that field
 * (mapFields turns API field names into the form's). Other failures come back as `error`.
 */
export function useFormSubmit<TValues, TResponse>({
  form,
  send,
  mapFields,
}: {
  form: FormInstance<TValues>;
  send: (values: TValues) => Promise<TResponse>;
  mapFields: (fields: Record<string, string>) => Partial<Record<string, string>>;
}) {
  const mutation = useMutation<TResponse, ApiError, TValues>({
    mutationFn: async (values) => {
      try {
        return await send(values);
      } catch (err) {
        throw toApiError(err);
      }
    },
    onError: (error) => {
      const fieldErrors = Object.entries(mapFields(error.fields)).filter(
        (entry): entry is [string, string] => Boolean(entry[1]),
      );
      if (fieldErrors.length > 0) {
        form.setFields(
          fieldErrors.map(([name, message]) => ({ name: name as never, errors: [message] })),
        );
      }
    },
  });
  const generalError =
    mutation.error && Object.keys(mapFields(mutation.error.fields)).length === 0
      ? mutation.error
      : null;
  return { mutation, generalError };
}
