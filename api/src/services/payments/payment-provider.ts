// The contract lives in @shop/shared so that the payment sandbox (its own package) implements the
// same interface and throws the same errors without importing the API.
export * from '@shop/shared/payments/provider-contract';
