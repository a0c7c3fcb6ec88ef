import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '@shop/shared/cart/cart-client';
import { FIRST_VIEW_ADDED_KEY } from '@shop/shared/contract/cart-keys';
import { renderArea } from '@shop/shared/shell-contract/test-shell';
import { CatalogRoot } from '../src/app/parcel';
import { withFakeApi } from './support/fake-api';

// antd forms and userEvent typing are slow on a shared CI core.
jest.setTimeout(30_000);

// antd hides the radio input under its button-styled label, which is what a visitor clicks.
const pick = (group: HTMLElement, name: string) =>
  userEvent.click(within(group).getByRole('radio', { name }).closest('label')!);

const plansShown = () =>
  within(screen.getByRole('region', { name: /pricing$/ }))
    .getAllByRole('article')
    .map((card) => [
      within(card).getByRole('heading', { level: 3 }).textContent,
      card.querySelector('.cat-price')?.textContent,
      card.querySelector('.cat-price-note')?.textContent,
    ]);

describe('pricing page', () => {
  const fakeApi = withFakeApi();

  it('switches between one-time, monthly, quarterly and annual, showing each label and price per period', async () => {
    const { store } = renderArea(CatalogRoot, { path: '/pricing' });
    const billing = await screen.findByRole('radiogroup', {
      name: 'How often do you want to test?',
    });
    expect(
      within(billing)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['One-time', 'Monthly', 'Quarterly', 'Annual']);

    // Quarterly is the default: the plan and the program, both billed quarterly.
    expect(within(billing).getByRole('radio', { name: 'Quarterly' })).toBeChecked();
    expect(plansShown()).toEqual([
      ['Quarterly Plan', '$129.50per 3 months', 'Billed quarterly'],
      ['Heart Program', '$199per 3 months', 'Billed quarterly · 4 kits'],
    ]);
    expect(screen.getByText('Save 13% per kit vs one-time')).toBeInTheDocument();

    await pick(billing, 'One-time');
    expect(plansShown()).toEqual([
      ['Complete Panel', '$149one-time', 'One payment, no subscription'],
    ]);
    expect(store.getLocation().search).toBe('?interval=one-time');

    await pick(billing, 'Monthly');
    expect(plansShown()).toEqual([['Monthly Plan', '$99per 1 month', 'Billed monthly']]);

    await pick(billing, 'Annual');
    expect(plansShown()).toEqual([['Annual Plan', '$145per 1 year', 'Billed yearly']]);
    expect(store.getLocation().search).toBe('?interval=annual');
  });

  it('opens on the interval in the URL and lists the add-ons, including the unlimited upgrade', async () => {
    renderArea(CatalogRoot, { path: '/pricing?interval=monthly' });
    expect(await screen.findByRole('radio', { name: 'Monthly' })).toBeChecked();
    const addOns = screen.getByRole('region', { name: 'Add-ons' });
    expect(
      within(addOns)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Mini Panel', 'Unlimited Upgrades']);
    expect(addOns).toHaveTextContent('$39');
  });

  it('opens saying a line is in the cart when the first view\'s "Add to cart" added it before the page was live', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(FIRST_VIEW_ADDED_KEY, ['plan_quarter']);
    const { record } = renderArea(CatalogRoot, {
      path: '/pricing?interval=quarterly',
      queryClient,
    });
    await screen.findByRole('button', { name: 'Add to cart: Quarterly Plan' });
    const [added] = screen.getAllByRole('status').filter((status) => status.textContent !== '');
    expect(added).toHaveTextContent('Added to your cart. View cart');
    expect(added!.previousElementSibling).toHaveAccessibleName('Add to cart: Quarterly Plan');
    expect(screen.getAllByText('Added to your cart.')).toHaveLength(1);
    // Nothing was added again, and the note is read once.
    expect(record.tracked.filter((entry) => entry.event === 'add_to_cart')).toEqual([]);
    expect(queryClient.getQueryData(FIRST_VIEW_ADDED_KEY)).toBeUndefined();
  });

  it('adds a plan to the cart: the shared cart cache and storage change, and add_to_cart is tracked in GA4 shape', async () => {
    const { props, record } = renderArea(CatalogRoot, { path: '/pricing?interval=quarterly' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add to cart: Quarterly Plan' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Quarterly Plan' }));

    expect(await screen.findAllByText('Added to your cart.')).not.toHaveLength(0);
    const expected = [{ lookupKey: 'plan_quarter', quantity: 2 }];
    // The shell's badge reads this cache; the server holds the same lines.
    expect(props.queryClient.getQueryData(cartQueryKey(null))).toMatchObject({ items: expected });
    expect(fakeApi().cart().items).toEqual(expected);
    expect(screen.getAllByRole('link', { name: 'View cart' })[0]).toHaveAttribute(
      'href',
      '/shopping-cart',
    );
    expect(record.tracked.filter((entry) => entry.event === 'add_to_cart')[0]).toEqual({
      event: 'add_to_cart',
      params: {
        ecommerce: {
          currency: 'USD',
          value: 129.5,
          items: [
            {
              item_id: 'plan_quarter',
              item_name: 'Quarterly Plan',
              price: 129.5,
              quantity: 1,
              item_variant: 'quarter',
            },
          ],
        },
      },
    });
  });
});

describe('single-product and program pages', () => {
  withFakeApi();

  it('offers one-time and each plan for the product, tracks view_item per option and adds the chosen one', async () => {
    const { record, props } = renderArea(CatalogRoot, { path: '/products' });
    const options = await screen.findByRole('group', { name: 'Purchase options' });
    expect(
      within(options)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'One-time purchaseOne payment, no subscription$149 one-time',
      'Monthly PlanBilled monthly$99 per 1 month',
      'Quarterly PlanBilled quarterly$129.50 per 3 months',
      'Twice-a-Year PlanBilled every 6 months$139 per 6 months',
      'Annual PlanBilled yearly$145 per 1 year',
    ]);
    const viewed = () =>
      record.tracked
        .filter((entry) => entry.event === 'view_item')
        .map(
          (entry) =>
            (entry.params as { ecommerce: { items: { item_id: string }[] } }).ecommerce.items[0]!
              .item_id,
        );
    expect(viewed()).toEqual(['kit_once']);

    await userEvent.click(within(options).getByRole('radio', { name: /Twice-a-Year Plan/ }));
    expect(viewed()).toEqual(['kit_once', 'plan_six']);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Twice-a-Year Plan' }));
    expect(await screen.findByText('Added to your cart.')).toBeInTheDocument();
    expect(props.queryClient.getQueryData(cartQueryKey(null))).toMatchObject({
      items: [{ lookupKey: 'plan_six', quantity: 1 }],
    });
    expect(record.tracked.map((entry) => entry.event)).toEqual([
      'view_item',
      'view_item',
      'add_to_cart',
    ]);
  });

  it('prices the heart and metabolic program on its own page', async () => {
    const { record } = renderArea(CatalogRoot, { path: '/pricing/heart-and-metabolic-program' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Heart Program pricing' }),
    ).toBeInTheDocument();
    const buyBox = screen.getByRole('complementary', { name: 'Heart Program' });
    expect(buyBox).toHaveTextContent('$199per 3 months');
    expect(buyBox).toHaveTextContent('Billed quarterly · 4 kits');
    expect(screen.getByRole('list', { name: 'Biomarkers in Heart Program' })).toHaveTextContent(
      'Lipoprotein(a)',
    );
    expect(record.tracked.map((entry) => entry.event)).toEqual(['view_item']);
  });
});
