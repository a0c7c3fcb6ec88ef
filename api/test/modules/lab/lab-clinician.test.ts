// Critical results wait for a clinician: nothing reaches the customer until one releases them
// (audited), and the mail that follows says the results are ready and asks them to get in touch,
// with no value in it. Uncritical results are released at once with the same kind of mail.
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { latestMailTo } from '../../helpers/accounts';
import { makeLabKit, sendOverMllp } from '../../helpers/lab-kits';
import { operatorSession } from '../../helpers/operators';
import {
  buildOruMessage,
  LAB_PATHS,
  labDepsOf,
  panelValues,
  startLabListener,
  type MllpListener,
} from '../../../src/modules/lab';
import { listOutbox } from '../../../src/repositories/outbox-repository';
import { listOwnReadings } from '../../../src/repositories/result-readings-repository';

let t: TestApp;
let listener: MllpListener;
let clinician: string;
let operator: string;

beforeAll(async () => {
  t = await buildTestApp();
  listener = await startLabListener(labDepsOf(t.app), { port: 0, host: '127.0.0.1' });
  operator = await operatorSession(t, 'ops-lab@bloodwise.test');
  clinician = await operatorSession(t, 'clinician@bloodwise.test');
  await t.app.db
    .updateTable('users')
    .set({ role: 'clinician' })
    .where('email', '=', 'clinician@bloodwise.test')
    .execute();
  // A fresh database copy and a listener: slow only on a machine busy with other builds.
}, 120_000);

afterAll(async () => {
  await listener.close();
  await t.close();
});

const kitState = async (kitId: string) =>
  (
    await t.app.db
      .selectFrom('kits')
      .select('state')
      .where('id', '=', kitId)
      .executeTakeFirstOrThrow()
  ).state;
const releasePath = (kitId: string) => LAB_PATHS.release.replace(':kitId', kitId);

it('releases uncritical results at once and mails that they are ready, without a value', async () => {
  const kit = await makeLabKit(t.app.db);
  expect((await sendOverMllp(listener.port, buildOruMessage({ kitCode: kit.code }))).code).toBe(
    'AA',
  );
  expect(await listOwnReadings(t.app.db, kit.userId)).toHaveLength(4);
  const mail = await latestMailTo(t, kit.email);
  expect(mail.subject).toBe('Your lab results are ready');
  expect(mail.text).toContain('/account/results');
  for (const value of panelValues('lipid')) {
    expect(mail.text).not.toContain(String(value.value));
    expect(mail.text).not.toContain(value.name);
    expect(mail.html).not.toContain(value.name);
  }
});

it('holds a critical result for a clinician, who releases it (audited); the customer is asked to get in touch', async () => {
  const kit = await makeLabKit(t.app.db);
  const ack = await sendOverMllp(
    listener.port,
    buildOruMessage({ kitCode: kit.code, panel: 'metabolic', critical: true }),
  );
  expect(ack.code).toBe('AA');
  // Held: nothing on the account, no mail, the kit resulted but not released.
  expect(await listOwnReadings(t.app.db, kit.userId)).toHaveLength(0);
  expect(await listOutbox(t.app.db, kit.email, 5)).toHaveLength(0);
  expect(await kitState(kit.kitId)).toBe('resulted');
  const results = await t.inject({ method: 'GET', url: '/user/results' });
  expect(results.body).not.toContain('6.8');

  // Only a clinician sees the held list; an operator and a stranger get a missing path's 404.
  for (const cookie of [operator, undefined]) {
    const refused = await t.inject({
      method: 'GET',
      url: LAB_PATHS.held,
      headers: cookie ? { cookie } : {},
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      error: { code: 'NOT_FOUND', message: `No route for GET ${LAB_PATHS.held}` },
    });
  }
  const held = await t.inject({
    method: 'GET',
    url: LAB_PATHS.held,
    headers: { cookie: clinician },
  });
  expect(held.statusCode).toBe(200);
  const report = held.json().reports.find((r: { kitId: string }) => r.kitId === kit.kitId);
  expect(report.heldReason).toMatch(/Potassium/);
  expect(report.values).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ loinc: '2823-3', value: 6.8, flag: 'critically-high' }),
    ]),
  );

  const byOperator = await t.inject({
    method: 'POST',
    url: releasePath(kit.kitId),
    headers: { cookie: operator },
    payload: { note: 'not mine to release' },
  });
  expect(byOperator.statusCode).toBe(404);
  expect(await listOwnReadings(t.app.db, kit.userId)).toHaveLength(0);

  const released = await t.inject({
    method: 'POST',
    url: releasePath(kit.kitId),
    headers: { cookie: clinician },
    payload: { note: 'Called the customer; potassium to be retested' },
  });
  expect(released.statusCode).toBe(200);
  expect((await listOwnReadings(t.app.db, kit.userId)).map((r) => r.value)).toContain(6.8);
  expect(await kitState(kit.kitId)).toBe('released');
  const mail = await latestMailTo(t, kit.email);
  expect(mail.text).toMatch(/get in touch/);
  expect(mail.text).not.toContain('6.8');
  expect(mail.text).not.toContain('Potassium');
  const audit = await t.app.db
    .selectFrom('operator_audit_log')
    .selectAll()
    .where('action', '=', 'lab.release')
    .where('target', '=', kit.kitId)
    .execute();
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ actor: 'clinician@bloodwise.test', via: 'console' });

  // Released once: a second release finds nothing held.
  const again = await t.inject({
    method: 'POST',
    url: releasePath(kit.kitId),
    headers: { cookie: clinician },
    payload: { note: 'again' },
  });
  expect(again.statusCode).toBe(404);
});

it('answers an unknown or malformed kit id with the same 404', async () => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
    const response = await t.inject({
      method: 'POST',
      url: releasePath(id),
      headers: { cookie: clinician },
      payload: { note: 'x' },
    });
    expect(response.statusCode).toBe(404);
  }
});

it('lists the operator queue to operators only, without the message text', async () => {
  await sendOverMllp(
    listener.port,
    buildOruMessage({ kitCode: '0000000000' + '0', controlId: 'Q-OPS' }),
  );
  const queue = await t.inject({
    method: 'GET',
    url: LAB_PATHS.queue,
    headers: { cookie: operator },
  });
  expect(queue.statusCode).toBe(200);
  const entry = queue.json().messages.find((m: { controlId: string }) => m.controlId === 'Q-OPS');
  expect(entry).toMatchObject({ kitCode: '00000000000', kind: 'results', channel: 'mllp' });
  expect(queue.body).not.toContain('OBX');
  expect(
    (await t.inject({ method: 'GET', url: LAB_PATHS.queue, headers: { cookie: clinician } }))
      .statusCode,
  ).toBe(404);
  expect((await t.inject({ method: 'GET', url: LAB_PATHS.queue })).statusCode).toBe(404);
});
