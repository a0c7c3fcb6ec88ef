// The lab's MLLP endpoint over a real TCP socket, on PGlite: ACKs, one application per control
// id, corrections with history, the operator queue, hostile messages and idle connections.
import net from 'node:net';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { makeLabKit, sendOverMllp } from '../../helpers/lab-kits';
import { eventually } from '../../helpers/eventually';
import {
  buildOruMessage,
  labDepsOf,
  startLabListener,
  type IdleTimers,
  type MllpListener,
} from '../../../src/modules/lab';
import {
  listObservationHistory,
  listQueuedLabMessages,
} from '../../../src/modules/lab/lab-queries';
import { listOwnReadings } from '../../../src/repositories/result-readings-repository';

/** Idle timers a test fires by hand: nothing here waits for time to pass. */
function manualTimers() {
  const pending = new Set<() => void>();
  const timers: IdleTimers = {
    start(_ms, fire) {
      pending.add(fire);
      return () => pending.delete(fire);
    },
  };
  return {
    timers,
    fireAll() {
      for (const fire of [...pending]) {
        pending.delete(fire);
        fire();
      }
    },
  };
}

let t: TestApp;
let listener: MllpListener;
const idle = manualTimers();

beforeAll(async () => {
  t = await buildTestApp();
  listener = await startLabListener(labDepsOf(t.app), {
    port: 0,
    host: '127.0.0.1',
    timers: idle.timers,
    maxFrameBytes: 256 * 1024,
  });
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
const messageCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('lab_messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('results over MLLP', () => {
  it('answers AA, stores the values as the customer’s readings and releases the kit', async () => {
    const kit = await makeLabKit(t.app.db);
    const ack = await sendOverMllp(
      listener.port,
      buildOruMessage({ kitCode: kit.code, controlId: 'LIPID-1' }),
    );
    expect(ack).toMatchObject({ code: 'AA', controlId: 'LIPID-1' });
    const readings = await listOwnReadings(t.app.db, kit.userId);
    expect(readings.map((r) => [r.loinc, r.value, r.unit, r.flag])).toEqual(
      expect.arrayContaining([
        ['13457-7', 118, 'mg/dL', 'high'],
        ['2085-9', 52, 'mg/dL', 'normal'],
      ]),
    );
    expect(readings.find((r) => r.loinc === '13457-7')).toMatchObject({
      range_high: 100,
      range_low: null,
    });
    const upload = await t.app.db
      .selectFrom('result_uploads')
      .selectAll()
      .where('user_id', '=', kit.userId)
      .executeTakeFirstOrThrow();
    expect(upload.file_name).toMatch(/lab, kit /);
    expect(upload.status).toBe('read');
    expect(await kitState(kit.kitId)).toBe('released');
  });

  it('takes the kit ID from the specimen (SPM-2) when OBR-2 is empty', async () => {
    const kit = await makeLabKit(t.app.db);
    const message = buildOruMessage({ kitCode: kit.code, panel: 'thyroid', controlId: 'SPM-ONLY' })
      .split('\r')
      .map((segment) =>
        segment.startsWith('OBR|') ? segment.replace(/^OBR\|1\|[^|]*\|/, 'OBR|1||') : segment,
      )
      .join('\r');
    expect((await sendOverMllp(listener.port, message)).code).toBe('AA');
    expect((await listOwnReadings(t.app.db, kit.userId)).map((r) => r.loinc)).toContain('3016-3');
  });

  it('applies a repeated control id once and answers it AA again', async () => {
    const kit = await makeLabKit(t.app.db);
    const message = buildOruMessage({ kitCode: kit.code, controlId: 'REPEAT-1' });
    const before = await messageCount();
    const acks = await Promise.all([
      sendOverMllp(listener.port, message),
      sendOverMllp(listener.port, message),
      sendOverMllp(listener.port, message),
    ]);
    expect(acks.map((ack) => ack.code)).toEqual(['AA', 'AA', 'AA']);
    expect(await messageCount()).toBe(before + 1);
    expect(await listObservationHistory(t.app.db, kit.kitId)).toHaveLength(4);
    expect(await listOwnReadings(t.app.db, kit.userId)).toHaveLength(4);
  });

  it('replaces a corrected value and keeps the earlier one as history', async () => {
    const kit = await makeLabKit(t.app.db);
    await sendOverMllp(listener.port, buildOruMessage({ kitCode: kit.code, controlId: 'CORR-1' }));
    const corrected = buildOruMessage({
      kitCode: kit.code,
      controlId: 'CORR-2',
      values: [
        {
          loinc: '13457-7',
          name: 'LDL Cholesterol',
          value: 98,
          unit: 'mg/dL',
          range: '<100',
          flag: 'N',
          status: 'C',
        },
      ],
    });
    expect((await sendOverMllp(listener.port, corrected)).code).toBe('AA');
    const ldl = (await listOwnReadings(t.app.db, kit.userId)).filter((r) => r.loinc === '13457-7');
    expect(ldl.map((r) => [r.value, r.flag])).toEqual([[98, 'normal']]);
    const history = (await listObservationHistory(t.app.db, kit.kitId)).filter(
      (r) => r.loinc === '13457-7',
    );
    expect(history.map((r) => [r.value, r.status, r.superseded_at !== null])).toEqual([
      [118, 'F', true],
      [98, 'C', false],
    ]);
    // The other analytes of the first message are still there.
    expect(await listOwnReadings(t.app.db, kit.userId)).toHaveLength(4);
  });

  it('moves the kit to received on a status message, and to rejected with the reason', async () => {
    const kit = await makeLabKit(t.app.db);
    expect(
      (await sendOverMllp(listener.port, buildOruMessage({ kitCode: kit.code, received: true })))
        .code,
    ).toBe('AA');
    expect(await kitState(kit.kitId)).toBe('received');
    const ack = await sendOverMllp(
      listener.port,
      buildOruMessage({ kitCode: kit.code, reject: 'Sample haemolysed' }),
    );
    expect(ack.code).toBe('AA');
    const rejected = await t.app.db
      .selectFrom('kits')
      .selectAll()
      .where('id', '=', kit.kitId)
      .executeTakeFirstOrThrow();
    expect(rejected).toMatchObject({ state: 'rejected', rejection_reason: 'haemolysed' });
    expect(await listOwnReadings(t.app.db, kit.userId)).toHaveLength(0);
  });
});

describe('messages for a kit that is not ready', () => {
  it.each([
    ['an unknown kit', null],
    ['a kit never activated', 'delivered' as const],
  ])(
    'keeps %s in the operator queue, answers AE and shows the customer nothing',
    async (_what, state) => {
      const kit = state ? await makeLabKit(t.app.db, state) : null;
      const code = kit?.code ?? '0000000000' + '0';
      const controlId = `QUEUE-${state ?? 'unknown'}`;
      const ack = await sendOverMllp(listener.port, buildOruMessage({ kitCode: code, controlId }));
      expect(ack.code).toBe('AE');
      expect(ack.text).toMatch(/No activated kit/);
      const queued = (await listQueuedLabMessages(t.app.db)).find(
        (row) => row.control_id === controlId,
      );
      expect(queued?.body).toContain('OBX|');
      if (kit) {
        expect(await listOwnReadings(t.app.db, kit.userId)).toHaveLength(0);
        expect(await kitState(kit.kitId)).toBe('delivered');
      }
      // A repeat is not queued twice and gets the same answer.
      expect(
        (await sendOverMllp(listener.port, buildOruMessage({ kitCode: code, controlId }))).code,
      ).toBe('AE');
      expect(
        (await listQueuedLabMessages(t.app.db)).filter((row) => row.control_id === controlId),
      ).toHaveLength(1);
    },
  );
});

/** Sends raw bytes and reads what comes back until the server closes or an ACK frame ends. */
function rawExchange(
  port: number,
  bytes: Buffer | string,
): Promise<{ reply: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.on('data', (data) => {
      reply += data.toString('utf8');
      if (reply.includes('\x1c\r')) {
        socket.destroy();
        resolve({ reply, closed: false });
      }
    });
    socket.on('close', () => resolve({ reply, closed: true }));
    // A refused oversized frame is closed with bytes unread (a reset): the reply read counts.
    socket.on('error', (error) => (reply ? resolve({ reply, closed: true }) : reject(error)));
    socket.write(bytes);
  });
}

const framed = (text: string) => `\x0b${text}\x1c\r`;
const msa = (reply: string) => /MSA\|(A[AER])\|([^|\r]*)\|?([^\r]*)/.exec(reply);

describe('hostile messages', () => {
  const hostile: [string, () => string][] = [
    ['no MSH', () => 'PID|1||x\rOBR|1|X'],
    [
      'wrong encoding characters',
      () =>
        buildOruMessage({ kitCode: 'X', controlId: 'ENC-1' }).replace('MSH|^~\\&|', 'MSH|#~\\&|'),
    ],
    [
      'a missing PID',
      () =>
        buildOruMessage({ kitCode: 'ABCDEFGHJK1', controlId: 'NOPID' }).replace(
          /\rPID\|[^\r]*/,
          '',
        ),
    ],
    [
      'a missing OBR',
      () =>
        buildOruMessage({ kitCode: 'ABCDEFGHJK1', controlId: 'NOOBR' }).replace(
          /\rOBR\|[^\r]*/,
          '',
        ),
    ],
    [
      'another message type',
      () =>
        buildOruMessage({ kitCode: 'ABCDEFGHJK1', controlId: 'ADT' }).replace(
          'ORU^R01^ORU_R01',
          'ADT^A01^ADT_A01',
        ),
    ],
    [
      'markup in a text field',
      () =>
        buildOruMessage({
          kitCode: 'ABCDEFGHJK1',
          controlId: 'MARKUP',
          values: [
            {
              loinc: '2093-3',
              name: '<script>alert(1)</script>',
              value: 1,
              unit: 'mg/dL',
              range: '<200',
              flag: 'N',
            },
          ],
        }),
    ],
    [
      'a value that is no number',
      () =>
        buildOruMessage({
          kitCode: 'ABCDEFGHJK1',
          controlId: 'NAN',
          values: [
            { loinc: '2093-3', name: 'Chol', value: 1, unit: 'mg/dL', range: '<200', flag: 'N' },
          ],
        }).replace('||1|mg/dL', '||one|mg/dL'),
    ],
    [
      'an unknown abnormal flag',
      () =>
        buildOruMessage({
          kitCode: 'ABCDEFGHJK1',
          controlId: 'FLAG',
          values: [
            { loinc: '2093-3', name: 'Chol', value: 1, unit: 'mg/dL', range: '<200', flag: 'ZZ' },
          ],
        }),
    ],
    [
      '100,000 OBX segments',
      () =>
        buildOruMessage({ kitCode: 'ABCDEFGHJK1', controlId: 'MANY' }) +
        '\rOBX|9|NM|2093-3^C^LN||1|mg/dL|<2|N|||F'.repeat(100_000),
    ],
  ];

  it.each(hostile)('refuses %s with AE or AR and stores nothing', async (_what, make) => {
    const before = await messageCount();
    // 100,000 OBX is ~4 MB: this listener takes frames up to 256 KB, so it is refused unread.
    const { reply } = await rawExchange(listener.port, framed(make()));
    const match = msa(reply);
    expect(match?.[1]).toMatch(/^A[ER]$/);
    expect(match?.[3]).not.toBe('');
    expect(await messageCount()).toBe(before);
  });

  it('refuses 100,000 OBX segments unread by size, and by count where the frame limit allows it', async () => {
    const big = await startLabListener(labDepsOf(t.app), {
      port: 0,
      host: '127.0.0.1',
      maxFrameBytes: 16 * 1024 * 1024,
    });
    try {
      const message =
        buildOruMessage({ kitCode: 'ABCDEFGHJK1', controlId: 'MANY-2' }) +
        '\rOBX|9|NM|2093-3^C^LN||1|mg/dL|<2|N|||F'.repeat(100_000);
      const { reply } = await rawExchange(big.port, framed(message));
      expect(msa(reply)?.slice(1, 3)).toEqual(['AR', 'MANY-2']);
      expect(reply).toMatch(/More than 500 OBX/);
    } finally {
      await big.close();
    }
  });

  it('refuses a 10 MB message with AR, closes the connection and keeps serving', async () => {
    const before = await messageCount();
    const huge =
      buildOruMessage({ kitCode: 'ABCDEFGHJK1', controlId: 'HUGE' }) +
      `\rNTE|1|L|${'x'.repeat(10 * 1024 * 1024)}`;
    const { reply, closed } = await rawExchange(listener.port, framed(huge));
    expect(msa(reply)?.slice(1, 3)).toEqual(['AR', 'HUGE']);
    expect(reply).toMatch(/larger than the shop takes/);
    expect(closed || reply.length > 0).toBe(true);
    expect(await messageCount()).toBe(before);
    const kit = await makeLabKit(t.app.db);
    expect((await sendOverMllp(listener.port, buildOruMessage({ kitCode: kit.code }))).code).toBe(
      'AA',
    );
  });

  it('closes a stalled connection holding half a frame when its idle time is up', async () => {
    const socket = net.connect(listener.port, '127.0.0.1');
    // The server drops the connection with bytes unread: a reset, which is the point.
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write('\x0bMSH|^~\\&|SIMLAB|SIMLAB|SHOP|SHOP|2026');
    await eventually(
      async () => listener.connections(),
      (n) => n >= 1,
      'the connection',
    );
    idle.fireAll();
    await closed;
    await eventually(
      async () => listener.connections(),
      (n) => n === 0,
      'the connection closed',
    );
  });
});
