// `shop catalog import <file.json>`: the merchant's own products, prices, partner prices and
// shipping rates (docs/catalog-import.md). Straight to the database, in one transaction, so a file
// with any problem writes nothing. Instances on PostgreSQL see the change by the catalogue version
// the tables' triggers move; a PGlite shop holds its database, so it is stopped first.
import fs from 'node:fs/promises';
import path from 'node:path';
import { recordAudit } from '../repositories/audit-log-repository';
import { checkCatalogFile } from '../repositories/catalog-file';
import {
  applyCatalog,
  catalogChanged,
  CatalogImportConflictError,
  type CatalogImportSummary,
  type CatalogRowCounts,
} from '../repositories/catalog-import-repository';
import { EXIT_FAILED, EXIT_OK, UsageError, type CliCommand, type CliIo } from './cli-command';
import { cliActor, cliConfig, runningShop, withDatabase } from './shop-connection';

function countsLine(name: string, rows: CatalogRowCounts, removedAs: string): string {
  return `  ${name}: ${rows.added} added, ${rows.updated} updated, ${rows.removed} ${removedAs}, ${rows.unchanged} unchanged`;
}

function summaryLines(file: string, summary: CatalogImportSummary): string[] {
  if (!catalogChanged(summary))
    return [
      `Nothing to change: the catalogue already matches ${file} ` +
        `(${summary.products.unchanged} products, ${summary.prices.unchanged} prices, ` +
        `${summary.shippingRates.unchanged} shipping rates).`,
    ];
  return [
    `Imported ${file}:`,
    countsLine('products', summary.products, 'deactivated'),
    countsLine('prices', summary.prices, 'deactivated'),
    countsLine('shipping rates', summary.shippingRates, 'removed'),
  ];
}

async function readDocument(fullPath: string, io: CliIo): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(fullPath, 'utf8')) as unknown;
  } catch (error) {
    io.err(`Cannot read ${fullPath}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

async function importFile(file: string | undefined, io: CliIo): Promise<number> {
  if (!file) throw new UsageError('catalog import needs a JSON file.');
  const fullPath = path.resolve(io.cwd, file);
  const document = await readDocument(fullPath, io);
  if (document === undefined) return EXIT_FAILED;
  const checked = checkCatalogFile(document);
  if (!checked.ok) {
    io.err(`${file} was not imported (nothing was written); fix these fields:`);
    for (const problem of checked.problems) io.err(`  ${problem}`);
    return EXIT_FAILED;
  }
  const config = cliConfig(io);
  // A running PGlite shop holds its database; say so, rather than that it did not answer.
  const shop = config.databaseUrl ? null : await runningShop(io);
  if (shop) {
    io.err(
      `The shop at ${shop.url} holds its database in ${config.dataDir}: stop it, import, then start it again.`,
    );
    return EXIT_FAILED;
  }
  return withDatabase(io, async ({ db }) => {
    try {
      const summary = await db.transaction().execute(async (trx) => {
        const applied = await applyCatalog(trx, checked.catalog, 'replace');
        if (catalogChanged(applied))
          await recordAudit(trx, {
            actor: cliActor(io),
            action: 'catalog.import',
            target: path.basename(fullPath),
            before: null,
            after: applied,
          });
        return applied;
      });
      for (const line of summaryLines(file, summary)) io.out(line);
      return EXIT_OK;
    } catch (error) {
      if (!(error instanceof CatalogImportConflictError)) throw error;
      io.err(`${file} was not imported (nothing was written):`);
      for (const problem of error.problems) io.err(`  ${problem}`);
      return EXIT_FAILED;
    }
  });
}

export const catalogCommand: CliCommand = {
  name: 'catalog',
  usage: 'catalog import <file.json>',
  summary:
    'Make the shop sell what a catalogue file lists: products, prices, partner prices and shipping rates (all or nothing; a re-run changes nothing).',
  async run(args, io) {
    const action = args.positionals[0];
    if (action === 'import') return importFile(args.positionals[1], io);
    throw new UsageError(
      action ? `Unknown catalog action "${action}".` : 'catalog needs an action: import.',
    );
  },
};
