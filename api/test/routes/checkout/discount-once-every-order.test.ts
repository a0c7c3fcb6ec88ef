// A one-use-per-customer code (ONCEPER15) is one use per email across every kind of order: a
// consumer order, a partner storefront's business order and an order the employer pays. A refused
// order charges nothing, and of orders racing for the same use only one keeps its money.
import { randomUUID } from 'node:crypto';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { createTestPaymentProvider, type TestPaymentProvider } from '@shop/payments-sandbox';
import { listOutbox } from '../../../src/repositories/outbox-repository';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import {
  businessBody,
  orderBody,
  placeOrder,
  US_ADDRESS,
  cardToken,
} from '../../helpers/checkout-fixtures';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const CODE = 'ONCEPER15';
const ALREADY_USED = 'This discount code was already used with this email address.';

describe('a one-use code on every kind of order', () => {
  let database: TestDatabase;
  let t: TestApp;
  /** Emails whose next charge lets another order take the code's use first (a race, made certain). */
  const takenDuringCharge = new Set<string>();
  beforeAll(async () => {
    database = await createTestDatabase();
    const inner = createTestPaymentProvider(database.handle.db);
    const takeUseFirst = async (description: string | undefined) => {
      const email = / for (\S+)$/.exec(description ?? '')?.[1];
      if (email && takenDuringCharge.delete(email))
        await database.handle.db
          .insertInto('discount_redemptions')
          .values({ code: CODE, email, order_id: null })
          .execute();
    };
    const racing: TestPaymentProvider = {
      ...inner,
      async createCharge(input) {
        await takeUseFirst(input.description);
        return inner.createCharge(input);
      },
    };
    t = asBrowser(await buildTestApp({ database, app: { paymentProvider: racing } }));
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  const startBusiness = (email: string) =>
    t.inject({
      method: 'POST',
      url: API_PATHS.businessCheckout,
      payload: businessBody({ email, discount: CODE }),
    });
  async function settled(id: string) {
    for (;;) {
      const status = (
        await t.inject({ method: 'GET', url: buildPath(API_PATHS.businessCheckoutStatus, { id }) })
      ).json();
      if (status.final) return status;
    }
  }
  const consumerOrder = (email: string) => placeOrder(t, orderBody({ email, discountCode: CODE }));

  /** Every charge made for this email's orders (each description ends with the email). */
  const chargesFor = (email: string) =>
    t.app.db
      .selectFrom('payment_charges')
      .select(['status', 'amount_cents', 'amount_refunded_cents'])
      .where('description', 'like', `% for ${email}`)
      .execute();
  /** Charges whose money was kept: succeeded and not refunded. */
  const keptCharges = async (email: string) =>
    (await chargesFor(email)).filter(
      (charge) => charge.status === 'succeeded' && charge.amount_refunded_cents === 0,
    );
  const redemptions = (email: string) =>
    t.app.db
      .selectFrom('discount_redemptions')
      .select('order_id')
      .where('code', '=', CODE)
      .where('email', '=', email)
      .execute();

  const expectAlreadyUsed = (response: Awaited<ReturnType<typeof consumerOrder>>) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'DISCOUNT_INVALID',
      fields: { discountCode: ALREADY_USED },
    });
  };

  it('counts a business order: a second business order and a consumer order are refused and charge nothing', async () => {
    const email = 'partner-once@example.com';
    const first = await startBusiness(email);
    expect(first.statusCode).toBe(202);
    expect(first.json().order).toMatchObject({ discountCode: CODE, discount: 1_935 });
    expect(await settled(first.json().id)).toMatchObject({ status: 'paid' });
    expect(await redemptions(email)).toEqual([{ order_id: first.json().id }]);

    expectAlreadyUsed(await startBusiness(email.toUpperCase()));
    expectAlreadyUsed(await consumerOrder(email));
    expect(await chargesFor(email)).toEqual([
      { status: 'succeeded', amount_cents: 11_560, amount_refunded_cents: 0 },
    ]);
  });

  it('counts a consumer order in a partner shop too', async () => {
    const email = 'shop-then-partner@example.com';
    expect((await consumerOrder(email)).statusCode).toBe(201);
    expectAlreadyUsed(await startBusiness(email));
    expect(await keptCharges(email)).toHaveLength(1);
  });

  describe('an order the employer pays', () => {
    let employerCount = 0;
    /** Asks an employer of its own to pay for one kit with the code; resolves the emailed link's pay call. */
    async function askEmployer(email: string) {
      employerCount += 1;
      const employerEmail = `boss-${employerCount}@employer.example`;
      const submitted = await t.inject({
        method: 'POST',
        url: API_PATHS.employerFormSubmit,
        payload: {
          email,
          name: 'Wanda Worker',
          employerEmail,
          shippingAddress: US_ADDRESS,
          items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }],
          discountCode: CODE,
        },
      });
      if (submitted.statusCode !== 201) return { submitted, pay: null };
      const [mail] = (
        await t.inject({
          method: 'GET',
          url: `${API_PATHS.devOutbox}?to=${encodeURIComponent(employerEmail)}`,
          remoteAddress: '127.0.0.1',
        })
      ).json().messages;
      const token = decodeURIComponent(/employerPay=([^\s&]+)/.exec(mail.text)![1]!);
      const pay = () =>
        t.inject({
          method: 'POST',
          url: buildPath(API_PATHS.employerPaymentPay, { token }),
          headers: { 'idempotency-key': randomUUID() },
          payload: { paymentMethod: cardToken() },
        });
      return { submitted, pay };
    }

    it('counts it once paid: a consumer order and a second request paid later are refused and charge nothing', async () => {
      const email = 'employer-once@example.com';
      const first = await askEmployer(email);
      const second = await askEmployer(email);
      // Asking uses nothing: both requests wait for their employer with the code.
      expect(first.submitted.statusCode).toBe(201);
      expect(second.submitted.statusCode).toBe(201);

      const paid = await first.pay!();
      expect(paid.json()).toMatchObject({ status: 'paid', order: { discountCode: CODE } });
      expect(await redemptions(email)).toEqual([{ order_id: first.submitted.json().orderId }]);

      expectAlreadyUsed(await consumerOrder(email));
      expectAlreadyUsed(await second.pay!());
      expect(await chargesFor(email)).toEqual([
        { status: 'succeeded', amount_cents: 13_260, amount_refunded_cents: 0 },
      ]);
      // A new request with the code is refused as it is asked.
      expectAlreadyUsed((await askEmployer(email)).submitted);
    });

    it('refunds the employer when another order took the use while the card was charged', async () => {
      const email = 'employer-overtaken@example.com';
      const request = await askEmployer(email);
      takenDuringCharge.add(email);
      expectAlreadyUsed(await request.pay!());
      const [charge] = await chargesFor(email);
      expect(charge!.amount_refunded_cents).toBe(charge!.amount_cents);
      expect(await keptCharges(email)).toEqual([]);
      expect(await redemptions(email)).toEqual([{ order_id: null }]);
    });
  });

  it('refunds an order charged while another order took the use, on each path', async () => {
    const consumerEmail = 'overtaken-shopper@example.com';
    takenDuringCharge.add(consumerEmail);
    const refused = await consumerOrder(consumerEmail);
    expectAlreadyUsed(refused);
    expect(refused.json().error.message).toBe(`${ALREADY_USED} Your payment was refunded.`);

    const partnerEmail = 'overtaken-partner@example.com';
    takenDuringCharge.add(partnerEmail);
    const started = await startBusiness(partnerEmail);
    expect(started.statusCode).toBe(202);
    expect(await settled(started.json().id)).toMatchObject({
      status: 'failed',
      failureMessage: 'The order could not be completed, so the payment was refunded.',
    });

    for (const email of [consumerEmail, partnerEmail]) {
      const charges = await chargesFor(email);
      expect(charges).toHaveLength(1);
      expect(charges[0]!.amount_refunded_cents).toBe(charges[0]!.amount_cents);
      expect(await redemptions(email)).toEqual([{ order_id: null }]);
      // The buyer is told once, with the reason and the card; the order was never paid: no receipt.
      const mails = await listOutbox(t.app.db, email);
      const refunds = mails.filter((mail) => mail.subject.startsWith('Your refund of '));
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.text).toContain(ALREADY_USED);
      expect(refunds[0]!.text).toContain('We could not complete your order');
      expect(refunds[0]!.text).toContain('to Visa •••• 4242');
      expect(mails.filter((mail) => mail.subject.startsWith('Your receipt'))).toEqual([]);
    }
  });

  it('lets only one of racing orders keep the use, business orders among them', async () => {
    const race = async (email: string, consumers: number) => {
      const [consumerAnswers, businessAnswers] = await Promise.all([
        Promise.all(Array.from({ length: consumers }, () => consumerOrder(email))),
        Promise.all(Array.from({ length: 4 }, () => startBusiness(email))),
      ]);
      for (const response of consumerAnswers)
        if (response.statusCode !== 201) expectAlreadyUsed(response);
      for (const response of businessAnswers)
        if (response.statusCode !== 202) expectAlreadyUsed(response);
      const finals = await Promise.all(
        businessAnswers
          .filter((response) => response.statusCode === 202)
          .map((response) => settled(response.json().id)),
      );
      const paid = await t.app.db
        .selectFrom('orders')
        .select('id')
        .where('email', '=', email)
        .where('status', 'in', ['paid', 'requires_action', 'fulfilled'])
        .execute();
      expect(paid).toHaveLength(1);
      expect(finals.filter((status) => status.status === 'paid').length).toBeLessThanOrEqual(1);
      expect(await keptCharges(email)).toHaveLength(1);
      expect(await redemptions(email)).toEqual([{ order_id: paid[0]!.id }]);
      // A charge that lost the race was given back in full.
      for (const charge of await chargesFor(email))
        if (charge.amount_refunded_cents > 0)
          expect(charge.amount_refunded_cents).toBe(charge.amount_cents);
    };
    await race('racing-partners@example.com', 0);
    await race('racing-mixed@example.com', 4);
  });
});
