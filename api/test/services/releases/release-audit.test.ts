// The one builder of a release change's audit row, used by the console's routes and the CLI.
import type { DeployOutcome } from '../../../src/releases/releases';
import { listAudit } from '../../../src/repositories/audit-log-repository';
import { recordReleaseChange } from '../../../src/services/releases/release-audit';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const outcome = (changed: boolean): DeployOutcome => ({
  remote: 'mf-catalog',
  from: 'v1',
  to: 'v2',
  changed,
  at: '2026-12-07T10:00:00.000Z',
  contractVersion: '1.2.0',
  areaRoutes: ['/catalog'],
  stored: false,
  warnings: ['forced past the contract check'],
  elapsedMs: 12,
});

it('records who changed which remote from what to what, with the force flag and warnings', async () => {
  const db = database.handle.db;
  const before = await listAudit(db, { limit: 50 });
  await recordReleaseChange(db, {
    actor: { userId: null, name: 'alice', via: 'cli-direct' },
    action: 'delivery.rollback',
    force: true,
    outcome: outcome(true),
    requestId: 'req-7',
  });
  await recordReleaseChange(db, {
    actor: { userId: null, name: 'bob', via: 'cli-direct' },
    action: 'delivery.deploy',
    force: false,
    outcome: outcome(false),
  });
  const added = (await listAudit(db, { limit: 50 })).slice(0, -before.length || undefined);
  expect(added).toHaveLength(1);
  expect(added[0]).toMatchObject({
    actor: 'alice',
    via: 'cli-direct',
    action: 'delivery.rollback',
    target: 'mf-catalog',
    before: { live: 'v1' },
    after: {
      live: 'v2',
      contractVersion: '1.2.0',
      force: true,
      warnings: ['forced past the contract check'],
    },
  });
});
