import type { ErrorBody, ErrorCode } from '@shop/shared/contract/errors';
import { CONNECT_PREFIXES, CONTENT_PREFIX, PAYMENTS_PREFIX } from '@shop/shared/contract/paths';
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
  '/healthz',
  '/readyz',
];

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return API_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
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
        return reply
          .code(500)
          .send(errorBody('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
      }

      const status =
        typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500 && status !== 503) {
        request.log.error({ err: error }, 'request failed');
        return reply
          .code(500)
          .send(errorBody('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
      }
      if (status === 503) {
        return reply
          .code(503)
          .send(
            errorBody(
              'SERVICE_UNAVAILABLE',
              'The service is unavailable. Please try again shortly.',
            ),
          );
      }
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : status === 429
            ? 'Too many attempts. Please wait a minute and try again.'
            : error.message;
      return reply.code(status).send(errorBody(STATUS_CODES[status] ?? 'BAD_REQUEST', message));
    });
  },
  { name: 'error-handler' },
);
