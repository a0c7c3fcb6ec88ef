// `shop partner upsert <file.json>` and `shop partner list`: the operator's way to write partner
// customizations. Writes go through upsertCustomization, the same validated function the API and
// the seed use, so a colour is a colour and a link is an http(s) URL whoever writes it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../config/config';
import { findRepoRoot } from '../config/repo-root';
import { migrateToLatest } from '../db/migrate';
import { openDatabase, type DatabaseHandle } from '../db/open-database';
import {
  CustomizationValidationError,
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

/** The channel running API instances LISTEN on (plugins/app/services.ts) to drop a cached copy. */
const INVALIDATION_CHANNEL = 'customization_changed';

async function withDatabase<T>(
  io: CliIo,
  work: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const config = loadConfig(io.env, findRepoRoot([io.repoStart]));
  // PGlite allows one process per data directory: with the API running on it this fails with a
  // message naming the process; use DATABASE_URL, or the API's PUT with ADMIN_TOKEN, instead.
  const handle = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', databaseUrl: config.databaseUrl, poolSize: 1 })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
    return await work(handle);
  } finally {
    await handle.close();
  }
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
  return withDatabase(io, async ({ db, kind }) => {
    let failed = 0;
    for (const { shopKey, input } of partners) {
      try {
        const saved = await upsertCustomization(db, shopKey, input);
        if (kind === 'postgres')
          await sql`select pg_notify(${INVALIDATION_CHANNEL}, ${saved.shopKey})`.execute(db);
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
  return withDatabase(io, async ({ db }) => {
    const partners = await listCustomizations(db);
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

export const partnerCommand: CliCommand = {
  name: 'partner',
  usage: 'partner upsert <file.json> [--key <shopKey>] | partner list [--json]',
  summary: 'Write partner storefront customizations (validated like the API) or list them.',
  valueFlags: ['key'],
  async run(args, io) {
    const action = args.positionals[0];
    if (action === 'upsert')
      return upsert({ positionals: args.positionals, key: stringFlag(args, 'key') }, io);
    if (action === 'list') return list(args.flags.get('json') === true, io);
    throw new UsageError(
      action ? `Unknown partner action "${action}".` : 'partner needs an action: upsert or list.',
    );
  },
};
