// `shop lab send` is the lab simulator: a real ORU^R01 over MLLP to the running shop, the ACK
// printed. Results show on the customer's results page; --critical is held; --reject rejects.
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { makeLabKit } from '../../helpers/lab-kits';
import { runShopCli } from '../../helpers/shop-cli';
import { labDepsOf, startLabListener, type MllpListener } from '../../../src/modules/lab';
import { listOwnReadings } from '../../../src/repositories/result-readings-repository';

let t: TestApp;
let listener: MllpListener;

beforeAll(async () => {
  t = await buildTestApp();
  listener = await startLabListener(labDepsOf(t.app), { port: 0, host: '127.0.0.1' });
  // A fresh database copy and a listener: slow only on a machine busy with other builds.
}, 120_000);

afterAll(async () => {
  await listener.close();
  await t.close();
});

const shop = (argv: string[]) =>
  runShopCli(['lab', ...argv, '--port', String(listener.port)], {
    env: {},
    cwd: process.cwd(),
    repoStart: process.cwd(),
  });
const kitState = async (kitId: string) =>
  await t.app.db
    .selectFrom('kits')
    .select(['state', 'rejection_reason'])
    .where('id', '=', kitId)
    .executeTakeFirstOrThrow();

it('sends a panel and prints the AA; the values are the customer’s readings', async () => {
  const kit = await makeLabKit(t.app.db);
  // Typed as printed, lowercase and hyphenated: the shop reads it as the kit's code.
  const typed =
    `${kit.code.slice(0, 5)}-${kit.code.slice(5, 10)}-${kit.code.slice(10)}`.toLowerCase();
  const run = await shop(['send', typed, '--panel', 'thyroid']);
  expect(run.err).toBe('');
  expect(run.out).toMatch(/^AA /);
  expect(run.code).toBe(0);
  expect((await listOwnReadings(t.app.db, kit.userId)).map((r) => r.loinc).sort()).toEqual([
    '3016-3',
    '3024-7',
  ]);
  expect((await kitState(kit.kitId)).state).toBe('released');
});

it('--critical is held for a clinician; --reject rejects the sample with its reason', async () => {
  const critical = await makeLabKit(t.app.db);
  expect((await shop(['send', critical.code, '--panel', 'lipid', '--critical'])).code).toBe(0);
  expect(await listOwnReadings(t.app.db, critical.userId)).toHaveLength(0);
  expect((await kitState(critical.kitId)).state).toBe('resulted');

  const rejected = await makeLabKit(t.app.db);
  expect((await shop(['send', rejected.code, '--reject'])).code).toBe(0);
  expect(await kitState(rejected.kitId)).toEqual({
    state: 'rejected',
    rejection_reason: 'haemolysed',
  });
});

it('exits non-zero with the AE for a kit that was never activated', async () => {
  const kit = await makeLabKit(t.app.db, 'shipped');
  const run = await shop(['send', kit.code, '--panel', 'lipid']);
  expect(run.out).toMatch(/^AE .*No activated kit/);
  expect(run.code).toBe(1);
});

it('refuses an unknown panel as a usage error', async () => {
  const run = await shop(['send', 'ABCDE', '--panel', 'liver']);
  expect(run.code).toBe(2);
});
