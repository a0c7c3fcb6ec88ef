// `shop stripe sync-catalog [--dry-run]`: creates or updates the Products and Prices of the shop's
// catalogue in the merchant's Stripe account (the keys in STRIPE_SECRET_KEY and its companions),
// so a merchant with fresh test keys has a working catalogue in one command. Reads the catalogue
// from the shop's database; prints each change and a summary, never a key.
import { listOffers, listPrices } from '../repositories/catalog-repository';
import {
  createStripeClient,
  type StripeClientOptions,
} from '../services/payments/stripe-provider/stripe-client';
import {
  syncStripeCatalog,
  type CatalogSyncAction,
} from '../services/payments/stripe-provider/stripe-catalog-sync';
import { EXIT_FAILED, EXIT_OK, UsageError, type CliCommand, type CliIo } from './cli-command';
import { cliConfig, withDatabase } from './shop-connection';

function describe(action: CatalogSyncAction, verb: (past: string) => string): string | null {
  if (action.kind === 'skipped' || action.kind === 'refused')
    return `${action.kind} price ${action.lookupKey}: ${action.reason}`;
  if (action.change === 'unchanged') return null;
  if (action.kind === 'product')
    return `${verb(action.change)} product ${action.key} (${action.stripeId})`;
  const id = action.stripeId ? ` (${action.stripeId})` : '';
  if (action.change === 'replaced')
    return `${verb('replaced')} price ${action.lookupKey}: now ${action.description}${id}; lookup key moved from ${action.previousId}, which is archived`;
  return `${verb(action.change)} price ${action.lookupKey}: ${action.description}${id}`;
}

async function syncCatalog(io: CliIo, dryRun: boolean, client: StripeClientOptions) {
  const { stripe: keys } = cliConfig(io);
  if (!keys) {
    io.err(
      'Stripe is not configured: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET (docs/payments.md).',
    );
    return EXIT_FAILED;
  }
  const catalog = await withDatabase(io, async ({ db }) => ({
    offers: await listOffers(db),
    prices: await listPrices(db),
  }));
  const stripe = createStripeClient(keys.secretKey, client);
  const actions = await syncStripeCatalog(stripe, catalog, { dryRun });
  const verb = (past: string) => (dryRun ? `would be ${past}:` : past);
  for (const action of actions) {
    const line = describe(action, verb);
    if (line) (action.kind === 'refused' ? io.err : io.out)(line);
  }
  const count = (change: string) =>
    actions.filter(
      (action) =>
        action.kind !== 'skipped' && action.kind !== 'refused' && action.change === change,
    ).length;
  io.out(
    `${dryRun ? 'Dry run, nothing changed' : 'Done'} (${keys.livemode ? 'live' : 'test'} mode): ` +
      `${count('created')} created, ${count('replaced')} replaced, ${count('updated')} updated, ` +
      `${count('unchanged')} unchanged.`,
  );
  // A refused price is sold by nobody until the merchant changes it: a script must notice.
  return actions.some((action) => action.kind === 'refused') ? EXIT_FAILED : EXIT_OK;
}

/** `client` points the SDK elsewhere (tests answer Stripe's API locally). */
export function createStripeCommand(client: StripeClientOptions = {}): CliCommand {
  return {
    name: 'stripe',
    usage: 'stripe sync-catalog [--dry-run]',
    summary: "Create or update the catalogue's Products and Prices in the Stripe account.",
    async run(args, io) {
      const action = args.positionals[0];
      if (action === 'sync-catalog')
        return syncCatalog(io, args.flags.get('dry-run') === true, client);
      throw new UsageError(
        action ? `Unknown stripe action "${action}".` : 'stripe needs an action: sync-catalog.',
      );
    },
  };
}

export const stripeCommand = createStripeCommand();
