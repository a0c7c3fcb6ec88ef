// `shop partner upsert <file.json>`, `shop partner list` and `shop partner remove <shopKey>`. With
// a shop running they go through its operator API; otherwise straight to the database through
// the same validated write path (upsertCustomization), so a colour is a colour and a link is an
// http(s) URL whoever writes it. Every write leaves an audit row either way.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Customization } from '@shop/shared/contract/customization';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/open-database';
import { recordAudit } from '../repositories/audit-log-repository';
import {
  CustomizationValidationError,
  deleteCustomization,
  findCustomization,
  listCustomizations,
  upsertCustomization,
} from '../repositories/customizations-repository';
import {
  EXIT_FAILED,
  EXIT_OK,
  stringFlag,
  UsageError,
  type CliCommand,
  type CliIo,
} from './cli-command';
import {
  cliActor,
  runningShop,
  ShopApiError,
  withDatabase,
  type RunningShop,
} from './shop-connection';

/** The channel running API instances LISTEN on (plugins/app/services.ts) to drop a cached copy. */
const INVALIDATION_CHANNEL = 'customization_changed';

/** Where partner writes go: the running shop's API, or the database. */
interface PartnerStore {
  list(): Promise<Customization[]>;
  /** Saves one partner; throws CustomizationValidationError with the fields to fix. */
  save(shopKey: string, input: Record<string, unknown>): Promise<Customization>;
  remove(shopKey: string): Promise<boolean>;
}

function apiStore(shop: RunningShop): PartnerStore {
  const partnerPath = (shopKey: string) => buildPath(API_PATHS.opsPartner, { shopKey });
  return {
    list: async () =>
      (await shop.call<{ partners: Customization[] }>('GET', API_PATHS.opsPartners)).partners,
    async save(shopKey, input) {
      try {
        return await shop.call<Customization>('PUT', partnerPath(shopKey), input);
      } catch (error) {
        if (error instanceof ShopApiError && error.status === 400)
          throw new CustomizationValidationError(
            Object.keys(error.fields).length ? error.fields : { '(root)': error.message },
          );
        throw error;
      }
    },
    async remove(shopKey) {
      try {
        await shop.call('DELETE', partnerPath(shopKey));
        return true;
      } catch (error) {
        if (error instanceof ShopApiError && error.status === 404) return false;
        throw error;
      }
    },
  };
}

function databaseStore({ db, kind }: DatabaseHandle, io: CliIo): PartnerStore {
  const audit = (action: string, target: string, before: unknown, after: unknown) =>
    recordAudit(db, { actor: cliActor(io), action, target, before, after });
  // Instances on PostgreSQL drop their cached copy; on PGlite no shop is running.
  const announce = async (shopKey: string) => {
    if (kind === 'postgres')
      await sql`select pg_notify(${INVALIDATION_CHANNEL}, ${shopKey})`.execute(db);
  };
  return {
    list: () => listCustomizations(db),
    async save(shopKey, input) {
      const before = await findCustomization(db, shopKey);
      const saved = await upsertCustomization(db, shopKey, input);
      await announce(saved.shopKey);
      await audit(before ? 'partner.update' : 'partner.create', saved.shopKey, before, saved);
      return saved;
    },
    async remove(shopKey) {
      const removed = await deleteCustomization(db, shopKey);
      if (!removed) return false;
      await announce(shopKey);
      await audit('partner.remove', shopKey, removed, null);
      return true;
    },
  };
}

async function withPartnerStore<T>(
  io: CliIo,
  work: (store: PartnerStore) => Promise<T>,
): Promise<T> {
  const shop = await runningShop(io);
  if (shop) return work(apiStore(shop));
  return withDatabase(io, (handle) => work(databaseStore(handle, io)));
}

/** A file holds one partner `{ "shopKey": "acme", "businessName": "Acme", ... }` or a list of them. */
function partnersIn(
  document: unknown,
  keyFlag: string | undefined,
): { shopKey: string; input: Record<string, unknown> }[] {
  const entries = Array.isArray(document) ? document : [document];
  if (keyFlag && entries.length !== 1)
    throw new UsageError('--key works with a file holding one partner.');
  return entries.map((entry, index) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      throw new UsageError(`Entry ${index + 1} is not a JSON object.`);
    const { shopKey, ...input } = entry as Record<string, unknown>;
    const key = keyFlag ?? shopKey;
    if (typeof key !== 'string' || !key)
      throw new UsageError(`Entry ${index + 1} needs a "shopKey" (or pass --key).`);
    return { shopKey: key, input };
  });
}

async function upsert(args: { positionals: string[]; key?: string }, io: CliIo): Promise<number> {
  const file = args.positionals[1];
  if (!file) throw new UsageError('partner upsert needs a JSON file.');
  const fullPath = path.resolve(io.cwd, file);
  let document: unknown;
  try {
    document = JSON.parse(await fs.readFile(fullPath, 'utf8'));
  } catch (error) {
    io.err(`Cannot read ${fullPath}: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILED;
  }
  const partners = partnersIn(document, args.key);
  return withPartnerStore(io, async (store) => {
    let failed = 0;
    for (const { shopKey, input } of partners) {
      try {
        const saved = await store.save(shopKey, input);
        io.out(
          `Saved ${saved.shopKey} (${saved.businessName}); storefront /shop/${saved.shopKey}.`,
        );
      } catch (error) {
        if (!(error instanceof CustomizationValidationError)) throw error;
        failed += 1;
        io.err(`${shopKey} was not saved; fix these fields:`);
        for (const [field, message] of Object.entries(error.fields))
          io.err(`  ${field}: ${message}`);
      }
    }
    return failed > 0 ? EXIT_FAILED : EXIT_OK;
  });
}

async function list(json: boolean, io: CliIo): Promise<number> {
  return withPartnerStore(io, async (store) => {
    const partners = await store.list();
    if (json) {
      io.out(JSON.stringify(partners, null, 2));
      return EXIT_OK;
    }
    if (partners.length === 0) io.out('No partner storefronts yet.');
    const width = Math.max(8, ...partners.map((partner) => partner.shopKey.length));
    for (const partner of partners) {
      const products = partner.products
        ? `${partner.products.length} products`
        : 'default products';
      io.out(
        `${partner.shopKey.padEnd(width)}  ${partner.businessName}  ${partner.primaryColor}  ${partner.pricingMode}  ${products}${partner.redirectLink ? `  redirects to ${partner.redirectLink}` : ''}  updated ${partner.updatedAt}`,
      );
    }
    return EXIT_OK;
  });
}

async function remove(shopKey: string | undefined, io: CliIo): Promise<number> {
  if (!shopKey) throw new UsageError('partner remove needs a shop key.');
  return withPartnerStore(io, async (store) => {
    if (!(await store.remove(shopKey))) {
      io.err(`No partner named "${shopKey}".`);
      return EXIT_FAILED;
    }
    io.out(`Removed ${shopKey}; /shop/${shopKey} no longer shows a storefront.`);
    return EXIT_OK;
  });
}

export const partnerCommand: CliCommand = {
  name: 'partner',
  usage:
    'partner upsert <file.json> [--key <shopKey>] | partner list [--json] | partner remove <shopKey>',
  summary:
    'Write, list or remove partner storefront customizations (validated like the API; through the running shop when there is one).',
  valueFlags: ['key'],
  async run(args, io) {
    const action = args.positionals[0];
    if (action === 'upsert')
      return upsert({ positionals: args.positionals, key: stringFlag(args, 'key') }, io);
    if (action === 'list') return list(args.flags.get('json') === true, io);
    if (action === 'remove') return remove(args.positionals[1], io);
    throw new UsageError(
      action
        ? `Unknown partner action "${action}".`
        : 'partner needs an action: upsert, list or remove.',
    );
  },
};
