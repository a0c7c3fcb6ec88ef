// One contract for both homes of the registry document: the file under a lock (directory
// store) and the database row written by compare-and-set (object store). Neither may lose a
// change when writers meet. This file also runs on PostgreSQL (jest.postgres.config.cjs).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RegistryEntry } from '@shop/shared/releases/registry-document';
import { applyLiveChange, Registry, type ReleaseRegistry } from '../../../src/releases/registry';
import { compareAndSetRegistry } from '../../../src/repositories/release-registries-repository';
import { DatabaseRegistry } from '../../../src/services/releases/database-registry';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';
import { registryEntry } from '../../helpers/registry-entry';

const entry = registryEntry;

const setLive = (registry: ReleaseRegistry, live: RegistryEntry, by: string) =>
  registry.update((doc) => applyLiveChange(doc, live, by, 'deploy'));

let database: TestDatabase;
let dir: string;
let environments = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-registry-'));
});
afterAll(async () => {
  await database.drop();
  await fs.rm(dir, { recursive: true, force: true });
});

// Each test gets a registry nobody wrote to: a new environment name in the same folder or table.
const implementations: [string, () => ReleaseRegistry][] = [
  ['file', () => new Registry({ registryDir: dir, environment: `env-${(environments += 1)}` })],
  ['database', () => new DatabaseRegistry(database.handle.db, `env-${(environments += 1)}`)],
];

describe.each(implementations)('the %s registry', (_name, open) => {
  let registry: ReleaseRegistry;
  beforeEach(() => {
    registry = open();
  });

  it('reads an empty document before the first deploy', async () => {
    expect(await registry.read()).toMatchObject({
      environment: registry.environment,
      remotes: {},
      history: [],
    });
  });

  it('records each change, skips a no-op, and moves its revision only on a change', async () => {
    const empty = await registry.revision();
    await setLive(registry, entry('1.0.0+aaa'), 'alice');
    const first = await registry.revision();
    expect(first).not.toBe(empty);
    const again = await setLive(registry, entry('1.0.0+aaa'), 'alice');
    expect(again.changed).toBe(false);
    expect(await registry.revision()).toBe(first);
    await setLive(registry, entry('1.0.0+bbb'), 'bob');
    const doc = await registry.read();
    expect(doc.remotes.mf_catalog?.version).toBe('1.0.0+bbb');
    expect(doc.history.map(({ from, to, by }) => ({ from, to, by }))).toEqual([
      { from: null, to: '1.0.0+aaa', by: 'alice' },
      { from: '1.0.0+aaa', to: '1.0.0+bbb', by: 'bob' },
    ]);
  });

  it('keeps every change when many deploys run at once', async () => {
    const remotes = ['mf_account', 'mf_catalog', 'mf_checkout', 'mf_upgrades', 'mf_storefront'];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        setLive(registry, entry(`1.0.${i}+x${i}`, remotes[i % remotes.length]), `op${i}`),
      ),
    );
    const doc = await registry.read();
    expect(doc.history).toHaveLength(20);
    for (const remote of remotes) {
      const changes = doc.history.filter((h) => h.remote === remote);
      // Each remote's history is one unbroken chain: every change starts where the last one ended.
      changes.forEach((change, i) => expect(change.from).toBe(i === 0 ? null : changes[i - 1]!.to));
      expect(doc.remotes[remote]!.version).toBe(changes[changes.length - 1]!.to);
    }
  });

  it('writes nothing when the change fails', async () => {
    await setLive(registry, entry('1.0.0+aaa'), 'alice');
    const before = await registry.revision();
    await expect(
      registry.update((doc) => {
        doc.history = [];
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await registry.revision()).toBe(before);
    expect((await registry.read()).history).toHaveLength(1);
  });
});

describe('the database registry when two writers meet', () => {
  it('lets exactly one of two writes from the same revision through', async () => {
    const db = database.handle.db;
    const first = await Promise.all([
      compareAndSetRegistry(db, 'race-a', null, '{"w":1}'),
      compareAndSetRegistry(db, 'race-a', null, '{"w":2}'),
    ]);
    expect(first.filter(Boolean)).toHaveLength(1);
    const next = await Promise.all([
      compareAndSetRegistry(db, 'race-a', 1, '{"w":3}'),
      compareAndSetRegistry(db, 'race-a', 1, '{"w":4}'),
    ]);
    expect(next.filter(Boolean)).toHaveLength(1);
    expect(await compareAndSetRegistry(db, 'race-a', 1, '{"w":5}')).toBe(false);
  });

  it('applies the slower writer again on top of the faster one, losing neither', async () => {
    const slow = new DatabaseRegistry(database.handle.db, 'race-b');
    const fast = new DatabaseRegistry(database.handle.db, 'race-b');
    let fastDone!: () => void;
    const fastWritten = new Promise<void>((resolve) => {
      fastDone = resolve;
    });
    let slowHasRead!: () => void;
    const slowRead = new Promise<void>((resolve) => {
      slowHasRead = resolve;
    });
    let slowRounds = 0;
    const slowWrite = slow.update(async (doc) => {
      slowRounds += 1;
      // The first time, it read the empty document and waits until the other writer has written.
      if (slowRounds === 1) {
        slowHasRead();
        await fastWritten;
      }
      doc.history.push({ remote: 'mf_catalog', from: null, to: 'slow', at: '', by: 'slow' });
    });
    // The faster writer starts only once the slower one holds the empty document.
    await slowRead;
    await fast.update((doc) => {
      doc.history.push({ remote: 'mf_account', from: null, to: 'fast', at: '', by: 'fast' });
    });
    fastDone();
    await slowWrite;
    expect(slowRounds).toBe(2);
    expect((await slow.read()).history.map((h) => h.by)).toEqual(['fast', 'slow']);
  });
});
