// Every POST that moves money, sent again after it was refused: a refused request replayed with
// its key is refused again (4xx), and the key then still serves a corrected request; never a 5xx.
// The cases are the hostile-input generator's (test/helpers/hostile-requests.ts) for those
// operations, plus each one's valid request paid with a card that is declined.
import { randomUUID } from 'node:crypto';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { orderBody, placeOrder } from '../helpers/checkout-fixtures';
import { withProviderTokens } from '../helpers/fixture-tokens';
import {
  HOSTILE_APP_OPTIONS,
  operationsOf,
  prepareHostileRun,
  type HostileCase,
  type Operation,
} from '../helpers/hostile-requests';
import { operatorSession } from '../helpers/operators';

const SEED = Number(process.env.HOSTILE_SEED ?? 20_251_207);
/** Generated cases per money operation. */
const CASES_EACH = 30;
const IDEMPOTENCY_HEADER = 'idempotency-key';

/** An idempotency key in a header or in the body: the client's promise that a repeat is the same. */
const takesKey = (operation: Operation) =>
  operation.parameters.some((parameter) => parameter.name === IDEMPOTENCY_HEADER) ||
  operation.body?.properties?.idempotencyKey !== undefined;

/** Charging POSTs whose key the server derives from its own records: a repeat is the request again. */
const KEYED_BY_RECORD: readonly string[] = [
  API_PATHS.miniPanelUpgradePurchase,
  API_PATHS.easyDrawUpgradePurchase,
];

const isMoneyPost = (operation: Operation) =>
  operation.method === 'POST' && (takesKey(operation) || KEYED_BY_RECORD.includes(operation.path));

/** The case with its provider tokens made now, so each send of it is the very same request. */
async function withFixedTokens(t: TestApp, item: HostileCase): Promise<HostileCase> {
  const payload = await withProviderTokens(t.app, item.request.payload);
  return { ...item, request: { ...item.request, payload } as HostileCase['request'] };
}

/** The operation's valid request under the case's key: the corrected retry. */
function corrected(valid: HostileCase, item: HostileCase): HostileCase | null {
  const key = (item.request.headers as Record<string, string> | undefined)?.[IDEMPOTENCY_HEADER];
  if (key === undefined) return null;
  const headers = {
    ...(valid.request.headers as Record<string, string>),
    [IDEMPOTENCY_HEADER]: key,
  };
  return { ...valid, id: item.id, request: { ...valid.request, headers } };
}

describe('money POSTs replayed after a refusal', () => {
  let t: TestApp;
  let run: Awaited<ReturnType<typeof prepareHostileRun>>;

  beforeAll(async () => {
    t = await buildTestApp(HOSTILE_APP_OPTIONS);
    run = await prepareHostileRun(t.app, (request) => t.inject(request));
  });
  afterAll(() => t.close());

  it('answers a refused money request sent again with a 4xx, and a corrected one with its key without a 5xx', async () => {
    const operations = operationsOf(run.document).filter(isMoneyPost);
    const names = operations.map((operation) => `${operation.method} ${operation.path}`);
    // The order, the business checkout and the employer's payment (the operator's refund, out of
    // the public document, is the next case).
    expect(operations.filter(takesKey).length).toBeGreaterThanOrEqual(3);
    const valid = new Map(run.valid().map((item) => [item.operation, item]));
    const all = operationsOf(run.document).length;
    const generated = run
      .generated(SEED, all * CASES_EACH)
      .filter((item) => names.includes(item.operation));
    // Each valid request paid with a declined card (the operations that take a card).
    const declined = names.flatMap((name) => {
      const item = valid.get(name);
      const payload = item?.request.payload;
      if (!item || typeof payload !== 'string' || !payload.includes('tok_fixture_succeeds'))
        return [];
      // A key of its own: the valid order request's key already placed the run's example order.
      const headers = { ...(item.request.headers as Record<string, string>) };
      if (IDEMPOTENCY_HEADER in headers) headers[IDEMPOTENCY_HEADER] = `declined-${item.id}`;
      const request = {
        ...item.request,
        headers,
        payload: payload.replace('tok_fixture_succeeds', 'tok_fixture_declined'),
      };
      return [{ ...item, id: `${item.id}-declined`, label: 'a declined card', request }];
    });
    expect(declined.length).toBeGreaterThanOrEqual(2);

    const answers = new Map<string, number[]>();
    const record = (item: HostileCase, response: LightMyRequestResponse) =>
      answers.set(item.id, [...(answers.get(item.id) ?? []), response.statusCode]);
    const cases = await Promise.all(
      [...declined, ...generated].map((item) => withFixedTokens(t, item)),
    );
    const serverErrors: string[] = [];
    for (const item of cases) {
      const report = await run.send([item, item], record);
      const corrections =
        report.byStatus[201] === 2 ? [] : [corrected(valid.get(item.operation)!, item)];
      const retried = await run.send(
        corrections.filter((entry) => entry !== null),
        record,
      );
      for (const finding of [...report.serverErrors, ...retried.serverErrors])
        serverErrors.push(
          `${finding.id} ${finding.operation} (${finding.label}): ${finding.status} ${finding.body}`,
        );
    }
    expect(serverErrors).toEqual([]);
    const refusedThenAnswered = cases.flatMap((item) => {
      const [first, again] = answers.get(item.id) ?? [];
      return first !== undefined && first >= 400 && first < 500
        ? [{ id: item.id, first, again }]
        : [];
    });
    // Every refusal replayed is refused again, with a 4xx.
    expect(refusedThenAnswered.filter(({ again }) => !(again! >= 400 && again! < 500))).toEqual([]);
    // The declined cards were refused (402), and their repeats too.
    for (const item of declined.filter((entry) => entry.operation === `POST ${API_PATHS.orders}`))
      expect(answers.get(item.id)).toEqual([402, 402, 201]);
  }, 240_000);

  it("answers an operator's refused refund sent again with its key with a 4xx, and the corrected one", async () => {
    const operator = await operatorSession(t);
    const placed = await placeOrder(t, orderBody({ email: 'refund-replay@example.com' }));
    expect(placed.statusCode).toBe(201);
    const refund = (payload: Record<string, unknown>) =>
      t.inject({
        method: 'POST',
        url: buildPath(API_PATHS.opsOrderRefunds, { id: placed.json().id }),
        headers: { cookie: operator },
        payload,
      });
    const idempotencyKey = randomUUID();
    for (const refused of [
      { idempotencyKey, lineId: 999_999 },
      { idempotencyKey, reason: 'x'.repeat(501) },
    ]) {
      const first = await refund(refused);
      expect(first.statusCode).toBeGreaterThanOrEqual(400);
      expect(first.statusCode).toBeLessThan(500);
      expect((await refund(refused)).statusCode).toBe(first.statusCode);
    }
    expect((await refund({ idempotencyKey })).statusCode).toBe(200);
    expect((await refund({ idempotencyKey })).statusCode).toBe(200);
  });
});
