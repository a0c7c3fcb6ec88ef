import axios from 'axios';

/** One error shape for every failed call, whatever went wrong. */
export interface ApiError {
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  /** The API's own code, or one of TRANSPORT_ERROR_CODES. */
  code: string;
  message: string;
  /** Per-field messages for form validation errors; empty otherwise. */
  fields: Record<string, string>;
}

/** Codes for failures the API never got to describe. */
export const TRANSPORT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  cancelled: 'CANCELLED',
  badRequest: 'BAD_REQUEST',
  badResponse: 'BAD_RESPONSE',
  unknown: 'UNKNOWN',
} as const;

/** No answer arrived: the connection failed. */
export const NETWORK_API_ERROR: ApiError = {
  status: null,
  code: TRANSPORT_ERROR_CODES.network,
  message: 'Could not reach the server. Check your connection and try again.',
  fields: {},
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function stringFields(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[name] = message;
  }
  return fields;
}

/** Reads `{ error: { code, message, fields } }`; the body is the server's, but it is still checked. */
function errorBody(
  data: unknown,
): { code: string; message: string; fields: Record<string, string> } | null {
  if (!isRecord(data) || !isRecord(data.error) || typeof data.error.code !== 'string') return null;
  return {
    code: data.error.code,
    message: typeof data.error.message === 'string' ? data.error.message : 'Something went wrong.',
    fields: stringFields(data.error.fields),
  };
}

/** Turns anything a call can throw into an ApiError. */
export function toApiError(err: unknown): ApiError {
  if (axios.isCancel(err) || (axios.isAxiosError(err) && err.code === 'ERR_CANCELED')) {
    return {
      status: null,
      code: TRANSPORT_ERROR_CODES.cancelled,
      message: 'The request was cancelled.',
      fields: {},
    };
  }
  if (!axios.isAxiosError(err)) {
    const message = err instanceof Error && err.message ? err.message : 'Something went wrong.';
    return { status: null, code: TRANSPORT_ERROR_CODES.unknown, message, fields: {} };
  }
  const { response } = err;
  if (!response) {
    if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT') {
      return {
        status: null,
        code: TRANSPORT_ERROR_CODES.timeout,
        message: 'The server took too long to answer. Please try again.',
        fields: {},
      };
    }
    return { ...NETWORK_API_ERROR };
  }
  return apiErrorOfAnswer(response.status, response.data);
}

/** An answer the API gave with a non-2xx status, as an ApiError (also for one fetch received). */
export function apiErrorOfAnswer(status: number, data: unknown): ApiError {
  const body = errorBody(data);
  if (body) return { status, ...body };
  return status >= 500
    ? {
        status,
        code: TRANSPORT_ERROR_CODES.badResponse,
        message: 'The server had a problem. Please try again.',
        fields: {},
      }
    : {
        status,
        code: TRANSPORT_ERROR_CODES.badRequest,
        message: 'The request was not accepted.',
        fields: {},
      };
}
