// Kept so the delivery specs' imports keep working: the helpers live in e2e/support/ now.
export * from '../support/delivery';
