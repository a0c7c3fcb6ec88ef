import { toApiError } from '@shop/shared/http/api-error';

/** The part of a contract schema a call needs: parse the answer or throw. */
interface AnswerSchema<T> {
  parse(value: unknown): T;
}

/**
 * Runs a call of the operator API and checks its answer against the contract, so the screens only
 * ever render what the contract allows; any failure becomes the one ApiError shape.
 */
export async function opsCall<T>(
  request: () => Promise<{ data: unknown }>,
  schema: AnswerSchema<T>,
): Promise<T> {
  let data: unknown;
  try {
    data = (await request()).data;
  } catch (error) {
    throw toApiError(error);
  }
  return schema.parse(data);
}
