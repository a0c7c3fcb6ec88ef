import type { ErrorBody, ErrorCode } from '@shop/shared/contract/errors';
import { CONNECT_PREFIXES, CONTENT_PREFIX, PAYMENTS_PREFIX } from '@shop/shared/contract/paths';
import { replaceForbiddenCharacters } from '@shop/shared/contract/text';
import { STATUS_CODES as STATUS_CODES_TEXT } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { CustomizationValidationError } from '../../repositories/customizations-repository';
import {
  IdempotencyConflictError,
  PaymentDeclinedError,
  PaymentObjectNotFoundError,
} from '../../services/payments/payment-provider';

/** Paths that belong to the API: unknown paths under them get a JSON 404, never the site. */
export const API_PATH_PREFIXES = [
  ...CONNECT_PREFIXES,
  PAYMENTS_PREFIX,
  CONTENT_PREFIX,
  '/dev',
  '/docs',
  '/test-provider',
  '/healthz',
  '/readyz',
];

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return API_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The one error body. A message may quote the client's input (an unknown key), so NUL and lone
 * surrogates become U+FFFD: the body must pass its own schema, or the client gets Fastify's shape.
 */
export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  const text = replaceForbiddenCharacters;
  const error = { code, message: text(message) };
  if (!fields) return { error };
  const safeFields = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [text(key), text(value)]),
  );
  return { error: { ...error, fields: safeFields } };
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

const INTERNAL_ERROR = errorBody(
  'INTERNAL_ERROR',
  'Something went wrong on our side. Please try again.',
);

/** Fastify's and its plugins' own refusals in words a client can act on (theirs echo the request). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the URL is too long',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_CP_ERR_INVALID_CONTENT_ENCODING: 'This Content-Encoding is not supported',
  FST_CP_ERR_INVALID_CONTENT: 'The request body could not be decompressed',
};

// SQLSTATEs for input PostgreSQL (and PGlite) cannot store: NUL or bytes outside UTF-8 (22021,
// 22P05, also jsonb's "unsupported Unicode escape sequence"), too long (22001), not a number or
// uuid (22P02), out of range (22003). Validation should stop these; when it does not, the value
// still came from the client.
const DATABASE_INPUT_REFUSALS = new Set(['22021', '22P05', '22001', '22P02', '22003']);

/** pg and PGlite both put the SQLSTATE on `code`; a wrapper may hold the driver's error as `cause`. */
function isDatabaseInputRefusal(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && DATABASE_INPUT_REFUSALS.has(code)) return true;
    if (typeof message === 'string' && message.includes('unsupported Unicode escape sequence'))
      return true;
    current = cause;
  }
  return false;
}

/**
 * Any error that is not one of ours (Fastify's, a plugin's, a bug) in our shape. Also Fastify's
 * `frameworkErrors` option: a bad URL or an over-long parameter is refused before routing, where
 * the error handler does not run.
 */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  if (status === 503) {
    return reply
      .code(503)
      .send(
        errorBody('SERVICE_UNAVAILABLE', 'The service is unavailable. Please try again shortly.'),
      );
  }
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(INTERNAL_ERROR);
  }
  const message =
    FRAMEWORK_MESSAGES[error.code] ??
    (error instanceof SyntaxError
      ? 'The request body is not valid JSON'
      : status === 429
        ? 'Too many attempts. Please wait a minute and try again.'
        : error.message);
  return reply.code(status).send(errorBody(STATUS_CODES[status] ?? 'BAD_REQUEST', message));
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (a NUL in a header, a
 * broken request line) never reaches Fastify, so the answer is written to the socket here.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'The request is not valid HTTP',
  ];
  const body = JSON.stringify(errorBody('BAD_REQUEST', message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Turns zod issue paths ("/shipping/postal_code") into form field keys ("shipping.postal_code"). */
function validationFields(error: {
  validation: Array<{ instancePath: string; message?: string }>;
  validationContext?: string;
}) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const key =
      issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') ||
      error.validationContext ||
      'request';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send(errorBody('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`));
}

/**
 * One error shape for every failure: { error: { code, message, fields? } }.
 * Client errors say what went wrong; server errors are logged in full and hidden from the client.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    let siteFallback: ((request: FastifyRequest, reply: FastifyReply) => unknown) | null = null;
    app.decorate(
      'setSiteFallback',
      (handler: (request: FastifyRequest, reply: FastifyReply) => unknown) => {
        siteFallback = handler;
      },
    );

    app.setNotFoundHandler((request, reply) => {
      if (
        siteFallback &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(request.url)
      ) {
        return siteFallback(request, reply);
      }
      return sendNotFound(request, reply);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = validationFields(error);
        const first = Object.values(fields)[0];
        return reply
          .code(400)
          .send(errorBody('VALIDATION_ERROR', first ?? 'The request is not valid', fields));
      }
      if (error.validation) {
        return reply
          .code(400)
          .send(errorBody('VALIDATION_ERROR', error.message, validationFields(error as never)));
      }
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
        return reply
          .code(error.statusCode)
          .send(errorBody(error.code, error.message, error.fields));
      }
      if (error instanceof CustomizationValidationError) {
        return reply
          .code(400)
          .send(errorBody('VALIDATION_ERROR', 'The customization is not valid', error.fields));
      }
      if (error instanceof PaymentDeclinedError) {
        return reply
          .code(402)
          .send(errorBody('CARD_DECLINED', error.message, { card: error.message }));
      }
      if (error instanceof PaymentObjectNotFoundError) {
        return reply.code(404).send(errorBody('NOT_FOUND', 'Payment method not found'));
      }
      if (error instanceof IdempotencyConflictError) {
        return reply
          .code(422)
          .send(
            errorBody(
              'IDEMPOTENCY_KEY_REUSED',
              'This idempotency key was already used for a different request',
            ),
          );
      }
      if (isResponseSerializationError(error)) {
        request.log.error(
          { err: error, issues: error.cause.issues },
          'response does not match its schema',
        );
        return reply.code(500).send(INTERNAL_ERROR);
      }

      if (isDatabaseInputRefusal(error)) {
        // The client's value, so a 400; logged, because a schema check is missing somewhere.
        request.log.warn({ err: error }, 'the database refused a value validation let through');
        return reply
          .code(400)
          .send(errorBody('BAD_REQUEST', 'The request holds a value we cannot store'));
      }
      return sendFrameworkError(error, request, reply);
    });
  },
  { name: 'error-handler' },
);
