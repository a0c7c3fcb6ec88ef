import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResultsPage } from '@shop/shared/contract/results';
import { errorBody, renderAccount, type Routes } from './support/render-account';
import { guide, resultsPage } from './support/results-fixtures';

const RESULTS = '/user/results';
const GUIDE = '/api/v1/catalog/biomarker-guide';

function renderResults(page: ResultsPage = resultsPage, routes: Routes = {}) {
  return renderAccount('/account/results', {
    routes: { [`GET ${RESULTS}`]: [200, page], [`GET ${GUIDE}`]: [200, guide], ...routes },
  });
}

const card = async (name: string) => screen.findByRole('listitem', { name });

describe('/account/results', () => {
  it('groups the biomarkers under their body system, in the fixed order', async () => {
    renderResults();
    await card('LDL cholesterol');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const systems = ['Heart', 'Metabolism', 'Other results'];
    expect(headings.filter((heading) => systems.includes(heading ?? ''))).toEqual(systems);
    expect(headings).not.toContain('Liver');
    const metabolism = screen.getByRole('region', { name: 'Metabolism' });
    expect(
      within(metabolism)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['HbA1c', 'Glucose (fasting)']);
    expect(
      within(screen.getByRole('region', { name: 'Heart' })).getByRole('heading', { level: 3 }),
    ).toHaveTextContent('LDL cholesterol');
  });

  it('places the latest value in its range, in words for screen readers', async () => {
    renderResults();
    const ldl = await card('LDL cholesterol');
    expect(
      within(ldl).getByRole('img', { name: '118 mg/dL, range under 100, high' }),
    ).toBeVisible();
    expect(ldl).toHaveTextContent('Reference range: under 100 mg/dL');
    const hba1c = await card('HbA1c');
    expect(
      within(hba1c).getByRole('img', { name: '5.4 %, range 4.0–5.6, in range' }),
    ).toBeVisible();
    // A text-only result has no bar, and still says what it is.
    const other = await card('Lipoprotein X');
    expect(within(other).queryByRole('img')).toBeNull();
    expect(other).toHaveTextContent('Reference range: negative');
    expect(other).toHaveTextContent('negative, range negative, no range given');
  });

  it('says each flag in words beside its colour and icon', async () => {
    renderResults();
    const flagOf = async (name: string) =>
      (await card(name)).querySelector('.res-card-head .res-flag');
    expect(await flagOf('LDL cholesterol')).toHaveTextContent('High');
    expect(await flagOf('Glucose (fasting)')).toHaveTextContent('Critically high');
    expect(await flagOf('HbA1c')).toHaveTextContent('In range');
    expect(await flagOf('Lipoprotein X')).toHaveTextContent('No range given');
    expect((await flagOf('HbA1c'))?.getAttribute('data-tone')).toBe('ok');
    expect((await flagOf('Glucose (fasting)'))?.getAttribute('data-tone')).toBe('critical');
  });

  it('shows the change since the previous numeric reading, with its date', async () => {
    renderResults();
    // The October reading could not be converted, so September is the previous one.
    expect(await card('LDL cholesterol')).toHaveTextContent('Down 13 mg/dL since Sep 1, 2025');
    expect(await card('Glucose (fasting)')).toHaveTextContent('Up 324 mg/dL since Sep 1, 2025');
    expect(await card('HbA1c')).not.toHaveTextContent(/since/);
  });

  it('leaves a value it could not convert off the chart but lists it in the table', async () => {
    renderResults();
    const ldl = await card('LDL cholesterol');
    await waitFor(() => expect(ldl.querySelector('[data-chart]')).not.toBeNull());
    expect(ldl.querySelectorAll('[data-point]')).toHaveLength(4);
    expect(ldl.querySelector('[data-line]')?.getAttribute('points')?.split(' ')).toHaveLength(4);
    // The band is drawn before (behind) the line.
    const svg = ldl.querySelector('svg[role="img"]')!;
    const order = [...svg.querySelectorAll('[data-band], [data-line]')].map((el) =>
      el.hasAttribute('data-band') ? 'band' : 'line',
    );
    expect(order).toEqual(['band', 'line']);
    expect(svg.getAttribute('aria-label')).toContain('4 readings from Mar 3, 2025 to Dec 1, 2025');

    const table = within(ldl).getByRole('table', {
      name: 'LDL cholesterol: every reading, newest first',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('Dec 1, 2025118 mg/dLHigh');
    expect(rows[1]).toHaveTextContent('Oct 6, 2025');
    expect(rows[1]).toHaveTextContent('3.4 mmol/mol');
    expect(rows[1]).toHaveTextContent('(not on the chart)');
  });

  it('draws no chart for a single reading, but still a table', async () => {
    renderResults();
    const hba1c = await card('HbA1c');
    expect(within(hba1c).getByRole('table')).toBeVisible();
    expect(hba1c.querySelector('[data-chart]')).toBeNull();
  });

  it('tells a critical value plainly and points to a doctor, and only there', async () => {
    renderResults();
    const glucose = await card('Glucose (fasting)');
    expect(glucose.querySelector('.res-critical')).toHaveTextContent(
      /Critically high\..*contact a doctor about it today/,
    );
    expect((await card('LDL cholesterol')).querySelector('.res-critical')).toBeNull();
  });

  it('explains a biomarker from the guide, folded until asked', async () => {
    renderResults();
    const ldl = await card('LDL cholesterol');
    const summary = await within(ldl).findByText('What LDL cholesterol means');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.setup().click(summary);
    expect(details.open).toBe(true);
    expect(details).toHaveTextContent('A high value can mean a higher risk of heart disease');
    expect(details).toHaveTextContent(guide.disclaimer);
    // No explanation in the guide: no empty fold.
    expect(within(await card('HbA1c')).queryByText(/means$/)).toBeNull();
  });

  it('links each source to its order and subscription, and prompts the retest', async () => {
    renderResults();
    await card('LDL cholesterol');
    const sources = screen.getByRole('region', { name: 'Where these results come from' });
    expect(sources).toHaveTextContent('quest-december.json');
    expect(sources).toHaveTextContent('Sample taken Dec 1, 2025');
    expect(
      within(sources).getByRole('link', { name: 'The order its kit came with' }),
    ).toHaveAttribute('href', '/checkout/thank-you?orderId=ord_1');
    expect(within(sources).getByRole('link', { name: 'Its subscription' })).toHaveAttribute(
      'href',
      '/account/subscriptions/sub_1',
    );
    const retest = screen.getByRole('region', { name: 'Your next test' });
    // The plan's next kit, as its subscription shows it.
    expect(retest).toHaveTextContent(
      'Due Mar 1, 2026, when your plan sends its next kit (every 3 months).',
    );
    expect(within(retest).getByRole('link')).toHaveAttribute(
      'href',
      '/account/subscriptions/sub_1',
    );
  });

  it('without a plan, dates the retest from the latest sample and offers a kit', async () => {
    renderResults({
      ...resultsPage,
      retest: { ...resultsPage.retest!, subscriptionId: null, href: '/pricing' },
    });
    const retest = await screen.findByRole('region', { name: 'Your next test' });
    expect(retest).toHaveTextContent('Due Mar 1, 2026: every 3 months after your latest sample.');
    expect(within(retest).getByRole('link', { name: 'Order your next kit' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  it('lists uploads still waiting, with their status and a way to continue', async () => {
    renderResults();
    const pending = await screen.findByRole('region', { name: 'Reports not shown yet' });
    expect(pending).toHaveTextContent('portal-export.csv');
    expect(pending).toHaveTextContent('Waiting for you to match its columns');
    expect(
      within(pending).getByRole('link', { name: 'Match the columns: portal-export.csv' }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/account\/results\/uploads\/[0-9a-f-]+$/));
  });

  it('explains what can be uploaded when there are no readings yet', async () => {
    renderResults({ biomarkers: [], sources: [], pending: [], retest: null });
    const empty = await screen.findByRole('region', { name: 'No results to show yet' });
    expect(empty).toHaveTextContent(/FHIR \(JSON\).*Apple Health.*CSV.*PDF or a photo/);
    // The upload itself happens here; every report stays listed on /account/uploads.
    expect(within(empty).getByRole('button', { name: 'Upload a lab report' })).toBeEnabled();
    expect(within(empty).getByRole('link', { name: 'All your lab reports' })).toHaveAttribute(
      'href',
      '/account/uploads',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('uploads a report from the page itself and shows what it read', async () => {
    const { callsTo } = renderResults(resultsPage, {
      'POST /user/result-uploads': [
        201,
        {
          ...resultsPage.pending[0],
          fileName: 'mychart.json',
          type: 'fhir',
          status: 'read',
          readingCount: 4,
        },
      ],
    });
    const add = await screen.findByRole('region', { name: 'Add a report' });
    const input = add.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent
      .setup()
      .upload(
        input,
        new File(['{"resourceType":"Bundle"}'], 'mychart.json', { type: 'application/json' }),
      );
    await waitFor(() =>
      expect(within(add).getByRole('status')).toHaveTextContent(
        'Uploaded mychart.json and read 4 values.',
      ),
    );
    // Its readings are on this page now: asked for again.
    await waitFor(() => expect(callsTo('GET', RESULTS)).toHaveLength(2));
  });

  it('offers the export and deletes everything from the page once confirmed', async () => {
    let deleted = false;
    const { callsTo } = renderResults(resultsPage, {
      [`GET ${RESULTS}`]: () => [
        200,
        deleted ? { biomarkers: [], sources: [], pending: [], retest: null } : resultsPage,
      ],
      'DELETE /user/results': () => {
        deleted = true;
        return [204];
      },
    });
    const data = await screen.findByRole('region', { name: 'Your data' });
    expect(within(data).getByRole('link', { name: 'Values as CSV' })).toHaveAttribute(
      'href',
      '/user/results/export?format=csv',
    );
    const user = userEvent.setup();
    await user.click(within(data).getByRole('button', { name: 'Delete all my results' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all your lab results?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Your results' })).toHaveFocus(),
    );
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(
      'Deleted all your lab results and the files you uploaded.',
    );
    expect(callsTo('DELETE', '/user/results')).toHaveLength(1);
    expect(await screen.findByRole('region', { name: 'No results to show yet' })).toBeVisible();
  });

  it('says so when the results did not load, and asks again', async () => {
    let calls = 0;
    renderResults(resultsPage, {
      [`GET ${RESULTS}`]: () =>
        ++calls === 1 ? [500, errorBody('internal', 'Something failed')] : [200, resultsPage],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your results.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('LDL cholesterol')).toBeVisible();
  });

  it("draws the first cards' trends at once and the others' once they come near the screen", async () => {
    const observed: { element: Element; notify: () => void }[] = [];
    class FakeObserver {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        observed.push({
          element,
          notify: () =>
            this.callback(
              [{ isIntersecting: true, target: element } as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            ),
        });
      }
      disconnect() {}
    }
    // Two more cards at the end (other results): six in all, the last two past the first four.
    const ldl = resultsPage.biomarkers.find((biomarker) => biomarker.key === 'ldl-cholesterol')!;
    const page: ResultsPage = {
      ...resultsPage,
      biomarkers: [
        ...resultsPage.biomarkers,
        { ...ldl, key: 'name:ldl-second-lab', name: 'LDL (second lab)', system: 'other' },
        { ...ldl, key: 'name:ldl-third-lab', name: 'LDL (third lab)', system: 'other' },
      ],
    };
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
    try {
      renderResults(page);
      const first = await card('LDL cholesterol');
      expect(within(first).getByRole('table')).toBeInTheDocument();
      const last = await card('LDL (third lab)');
      expect(within(last).queryByRole('table')).toBeNull();
      expect(observed.some(({ element }) => first.contains(element))).toBe(false);
      const trend = observed.find(({ element }) => last.contains(element));
      act(() => trend!.notify());
      expect(
        await within(last).findByRole('table', { name: /^LDL \(third lab\): every reading/ }),
      ).toBeInTheDocument();
    } finally {
      globalThis.IntersectionObserver = original;
    }
  });

  it('is linked from the account overview', async () => {
    renderAccount('/account', {
      routes: {
        'GET /user/management-portal/subscriptions': [200, { subscriptions: [] }],
        'GET /user/management-portal/payment-methods': [
          200,
          {
            paymentMethodsAndAddresses: { paymentMethods: [], shippingAddress: null },
            email: 'a@b.c',
          },
        ],
        'GET /kits/products/has-scheduled': [200, { hasScheduled: {} }],
        'GET /user/result-uploads': [200, { uploads: [] }],
        [`GET ${RESULTS}`]: [200, resultsPage],
        [`GET ${GUIDE}`]: [200, guide],
      },
    });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Results' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
  });
});
