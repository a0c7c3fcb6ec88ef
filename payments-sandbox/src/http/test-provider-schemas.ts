import { errorBodySchema } from '@shop/shared/contract/errors';
import { z } from 'zod';

// The built-in provider's own API, as its element, challenge and pay-later pages call it. Card
// fields are checked by the provider (Luhn, expiry, CVC) so its messages never echo the number.

export const TEST_PROVIDER_PREFIX = '/test-provider';

export const TEST_PROVIDER_PATHS = {
  element: `${TEST_PROVIDER_PREFIX}/element`,
  elementScript: `${TEST_PROVIDER_PREFIX}/element.js`,
  authenticatePage: `${TEST_PROVIDER_PREFIX}/authenticate`,
  authenticateScript: `${TEST_PROVIDER_PREFIX}/authenticate.js`,
  bnplPage: `${TEST_PROVIDER_PREFIX}/bnpl`,
  styles: `${TEST_PROVIDER_PREFIX}/styles.css`,
  tokens: `${TEST_PROVIDER_PREFIX}/v1/tokens`,
  nextAction: `${TEST_PROVIDER_PREFIX}/v1/next-action`,
  authenticate: `${TEST_PROVIDER_PREFIX}/v1/authenticate`,
} as const;

const cardTokenBodySchema = z.object({
  type: z.literal('card').optional(),
  number: z.string().max(40),
  expMonth: z.coerce.number().int(),
  expYear: z.coerce.number().int(),
  cvc: z.string().max(10),
});

export const tokenBodySchema = z.union([
  z.object({ type: z.literal('bnpl') }),
  cardTokenBodySchema,
]);

export const tokenSchema = z.object({
  id: z.string(),
  type: z.enum(['card', 'bnpl']),
  card: z
    .object({
      brand: z.enum(['visa', 'mastercard', 'amex', 'discover', 'unknown']),
      last4: z.string(),
      expMonth: z.number().int(),
      expYear: z.number().int(),
    })
    .nullable(),
});

const clientSecretSchema = z.string().min(1).max(300);

export const clientSecretQuerySchema = z.object({ client_secret: clientSecretSchema });

export const nextActionSchema = z.object({
  type: z.enum(['challenge', 'redirect']),
  url: z.string(),
});

export const authenticateBodySchema = z.object({
  clientSecret: clientSecretSchema,
  outcome: z.enum(['complete', 'fail']),
});

export const actionResultSchema = z.object({
  status: z.enum([
    'requires_confirmation',
    'requires_action',
    'processing',
    'succeeded',
    'failed',
    'canceled',
  ]),
});

export const bnplPageQuerySchema = z.object({
  client_secret: clientSecretSchema,
  return_url: z.string().max(2000).optional(),
});

export const bnplDecisionBodySchema = z.object({
  client_secret: clientSecretSchema,
  decision: z.enum(['approve', 'decline']),
});

export const elementQuerySchema = z.object({
  methods: z.string().max(40).optional(),
});

export { errorBodySchema };
