import {
  ONE_TIME_VARIANT,
  ecommerceEvent,
  ecommerceParams,
  emailEnteredEvent,
  logInEvent,
  quizCompletedEvent,
  toGa4Item,
  trackedAddress,
  type Ga4EcommerceEventName,
} from './ga4';

const quarterly = toGa4Item({
  lookupKey: 'essential_quarterly',
  title: 'Essential panel',
  unitAmount: 8950,
  quantity: 2,
  interval: 'quarter',
});

describe('toGa4Item', () => {
  it('maps a cart line to a GA4 item with the price in dollars', () => {
    expect(quarterly).toEqual({
      item_id: 'essential_quarterly',
      item_name: 'Essential panel',
      price: 89.5,
      quantity: 2,
      item_variant: 'quarter',
    });
  });

  it('marks a one-time price as the one-time variant', () => {
    const item = toGa4Item({
      lookupKey: 'kit',
      title: 'Kit',
      unitAmount: 9900,
      quantity: 1,
      interval: null,
    });
    expect(item.item_variant).toBe(ONE_TIME_VARIANT);
    expect(item.price).toBe(99);
  });

  it('keeps prices to whole cents', () => {
    expect(
      toGa4Item({ lookupKey: 'k', title: 't', unitAmount: 1, quantity: 1, interval: 'month' })
        .price,
    ).toBe(0.01);
  });
});

describe('ecommerceEvent', () => {
  it.each<Ga4EcommerceEventName>([
    'add_to_cart',
    'view_item',
    'begin_checkout',
    'add_payment_info',
  ])('builds %s with currency, value in dollars and items', (name) => {
    expect(ecommerceEvent(name, { items: [quarterly], valueCents: 17900 })).toEqual({
      event: name,
      ecommerce: { currency: 'USD', value: 179, items: [quarterly] },
    });
  });

  it('builds purchase with its transaction id', () => {
    expect(
      ecommerceEvent('purchase', {
        items: [quarterly],
        currency: 'usd',
        valueCents: 17950,
        transactionId: 'ord_123',
        extra: { coupon: 'SAVE10', shipping: 5, new_customer: true },
      }),
    ).toEqual({
      event: 'purchase',
      ecommerce: {
        coupon: 'SAVE10',
        shipping: 5,
        new_customer: true,
        currency: 'USD',
        value: 179.5,
        items: [quarterly],
        transaction_id: 'ord_123',
      },
    });
  });

  it('refuses a purchase without a transaction id', () => {
    expect(() => ecommerceEvent('purchase', { items: [], valueCents: 100 })).toThrow(
      'transactionId',
    );
    expect(() =>
      ecommerceEvent('purchase', { items: [], valueCents: 100, transactionId: ' ' }),
    ).toThrow('transactionId');
  });

  it('does not let extra parameters replace the core ones', () => {
    const event = ecommerceEvent('begin_checkout', {
      items: [quarterly],
      valueCents: 1000,
      extra: { value: 999999, currency: 'EUR', items: [], payment_type: 'card' },
    });
    expect(event.ecommerce).toEqual({
      currency: 'USD',
      value: 10,
      items: [quarterly],
      payment_type: 'card',
    });
  });

  it('upper-cases the currency', () => {
    expect(
      ecommerceEvent('view_item', { items: [], currency: 'cad', valueCents: 0 }).ecommerce.currency,
    ).toBe('CAD');
  });
});

describe('plain events', () => {
  it('builds log_in with its method', () => {
    expect(logInEvent()).toEqual({ event: 'log_in', method: 'password' });
    expect(logInEvent('signup')).toEqual({ event: 'log_in', method: 'signup' });
  });

  it('builds email_entered without the address', () => {
    expect(emailEnteredEvent('checkout')).toEqual({ event: 'email_entered', form: 'checkout' });
  });

  it('builds quiz_completed with a copy of the answers and the recommendation', () => {
    const answers = { sex: 'female', goal: 'energy' };
    const event = quizCompletedEvent(answers, 'essential');
    expect(event).toEqual({
      event: 'quiz_completed',
      answers: { sex: 'female', goal: 'energy' },
      recommendation: 'essential',
    });
    answers.goal = 'changed';
    expect(event.answers.goal).toBe('energy');
    expect(quizCompletedEvent({}).recommendation).toBeNull();
  });
});

describe('ecommerce event parameters', () => {
  const event = ecommerceEvent('add_payment_info', { items: [], valueCents: 100 });

  it('names the partner and carries only the tracked address fields', () => {
    expect(
      ecommerceParams(event, {
        businessKey: 'acme-wellness',
        address: trackedAddress({
          city: ' Austin ',
          state: 'TX',
          postal_code: '78701',
          country: 'US',
          line1: '10 Elm St',
          name: 'Mary',
        } as Parameters<typeof trackedAddress>[0]),
      }),
    ).toEqual({
      ecommerce: event.ecommerce,
      business_key: 'acme-wellness',
      shipping_address: { city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
    });
  });

  it('leaves out the partner on the shop and an address with nothing filled in', () => {
    expect(
      ecommerceParams(event, { businessKey: null, address: trackedAddress({ city: ' ' }) }),
    ).toEqual({ ecommerce: event.ecommerce });
  });
});
