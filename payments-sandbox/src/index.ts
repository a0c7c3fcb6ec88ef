// The sandbox's public entry: the provider the shop's composition root plugs in behind its
// PaymentProvider interface, the HTTP surface it mounts, and the test-card conventions tests use.
export {
  createTestPaymentProvider,
  isTestPaymentProvider,
  InvalidCardError,
  type ActionResult,
  type ClientSecretSubject,
  type DeliverEvent,
  type DeliverEvents,
  type TestNextAction,
  type TestPaymentProvider,
  type TestPaymentProviderOptions,
  type TokenView,
} from './sandbox-provider';
export { testProviderRoutes } from './http/test-provider-routes';
export {
  behaviourForCard,
  brandForCard,
  passesLuhn,
  TEST_CARDS,
  type CardInput,
} from './test-card-rules';
export type { Database as SandboxDatabase, TestCardBehaviour } from './db/schema';
