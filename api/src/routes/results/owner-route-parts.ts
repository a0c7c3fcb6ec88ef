// What every results route shares: the error answers it documents and the signed-in owner's id.
import { errorBodySchema } from '@shop/shared/contract/errors';
import type { FastifyRequest } from 'fastify';

export const ownerRouteErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** Route handlers run after `auth: 'required'`, so the user is there. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw new Error('auth: required did not load a user');
  return request.user.id;
}
