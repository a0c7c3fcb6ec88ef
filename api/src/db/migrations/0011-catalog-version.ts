import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A version number for what an order is priced from: prices, products (their titles are the
// lines' titles) and shipping rates. Any statement that writes one of them, from any process
// (the API, the CLI, psql), moves it in the same transaction. The order path prices a cart from
// an in-process copy of the catalogue and writes the order only if the version it was priced at
// is still the current one (docs/decisions/pricing-catalog-cache.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table catalog_version (
      id boolean primary key default true check (id),
      version bigint not null
    )`,
    `insert into catalog_version (id, version) values (true, 1)`,
    `create function bump_catalog_version() returns trigger language plpgsql as $$
    begin
      update catalog_version set version = version + 1;
      return null;
    end
    $$`,
    ...['prices', 'products', 'shipping_rates'].map(
      (table) =>
        `create trigger ${table}_catalog_version after insert or update or delete or truncate on ${table}
        for each statement execute function bump_catalog_version()`,
    ),
  ]);
}
