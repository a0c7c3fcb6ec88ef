// The registry document in the database, for releases kept in an object store: S3-protocol
// servers do not all honour conditional writes, so the compare-and-set happens on a row instead
// (docs/decisions/object-store.md). A change is applied to a fresh read and written only if no
// other writer wrote in between; otherwise it is applied again to what that writer left.
import type { RegistryDocument } from '@shop/shared/releases/registry-document';
import type { Executor } from '../../db/schema';
import { emptyRegistry, parseRegistry, type ReleaseRegistry } from '../../releases/registry';
import { assertEnvironmentName } from '../../releases/release-config';
import {
  compareAndSetRegistry,
  findRegistryRow,
  registryRevision,
} from '../../repositories/release-registries-repository';

/** Writers that keep colliding give up rather than spin; each round is one read and one write. */
const MAX_ROUNDS = 50;

export class RegistryContentionError extends Error {}

export class DatabaseRegistry implements ReleaseRegistry {
  readonly environment: string;

  constructor(
    private readonly db: Executor,
    environment: string,
  ) {
    this.environment = assertEnvironmentName(environment);
  }

  get location(): string {
    return `database table release_registries, environment ${this.environment}`;
  }

  async read(): Promise<RegistryDocument> {
    return (await this.readRow()).doc;
  }

  async update<T>(change: (doc: RegistryDocument) => T | Promise<T>): Promise<T> {
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const { doc, revision } = await this.readRow();
      const before = JSON.stringify(doc);
      const result = await change(doc);
      if (JSON.stringify(doc) === before) return result;
      const written = await compareAndSetRegistry(
        this.db,
        this.environment,
        revision,
        `${JSON.stringify(doc, null, 2)}\n`,
      );
      if (written) return result;
    }
    throw new RegistryContentionError(
      `The ${this.environment} registry changed under this update ${MAX_ROUNDS} times in a row; try again.`,
    );
  }

  async revision(): Promise<string> {
    return String((await registryRevision(this.db, this.environment)) ?? 'missing');
  }

  private async readRow(): Promise<{ doc: RegistryDocument; revision: number | null }> {
    const row = await findRegistryRow(this.db, this.environment);
    if (!row) return { doc: emptyRegistry(this.environment), revision: null };
    return { doc: parseRegistry(row.document, this.location), revision: row.revision };
  }
}
