// The results page's units: mg/dL ⇄ mmol/L for cholesterol and glucose (remembered on this
// device), the lab's own value beside any conversion, units as people write them, and the
// numbers on the range bars and the chart's axis.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Biomarker, ResultsPage } from '@shop/shared/contract/results';
import { renderAccount } from './support/render-account';
import { guide, resultsPage } from './support/results-fixtures';
import { UNIT_CHOICE_STORAGE_KEY } from '../src/features/results/model/unit-choice';

const tsh: Biomarker = {
  key: 'tsh',
  name: 'TSH',
  system: 'thyroid',
  unit: 'm[IU]/L',
  points: [
    {
      readingId: '00000000-0000-4000-8000-000000000901',
      uploadId: resultsPage.sources[0]!.uploadId,
      collectedAt: '2025-12-01T00:00:00.000Z',
      value: 2.1,
      asWritten: '2.1 mIU/L',
      range: { low: 0.4, high: 4, text: null },
      flag: 'normal',
    },
  ],
  change: null,
};

const page: ResultsPage = { ...resultsPage, biomarkers: [...resultsPage.biomarkers, tsh] };

function renderResults() {
  return renderAccount('/account/results', {
    routes: {
      'GET /user/results': [200, page],
      'GET /api/v1/catalog/biomarker-guide': [200, guide],
    },
  });
}

const card = (name: string) => screen.findByRole('listitem', { name });
const valueOf = async (name: string) =>
  (await card(name)).querySelector('.res-value-number')?.textContent;

beforeEach(() => localStorage.clear());

describe('the unit switch', () => {
  it('shows mg/dL first, with the lab’s own value beside a conversion', async () => {
    renderResults();
    const group = await screen.findByRole('group', { name: 'Cholesterol and glucose in' });
    expect(within(group).getByRole('radio', { name: 'mg/dL' })).toBeChecked();
    expect(await valueOf('LDL cholesterol')).toBe('118 mg/dL');
    // The March reading was written in mmol/L: the table keeps the lab's words beside 162 mg/dL.
    const ldl = await card('LDL cholesterol');
    const rows = within(within(ldl).getByRole('table')).getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent('162 mg/dLlab: 4.19 mmol/L');
    expect(rows[1]).not.toHaveTextContent('lab:');
  });

  it('converts cholesterol and glucose to mmol/L from the keyboard, and remembers it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderResults();
    const group = await screen.findByRole('group', { name: 'Cholesterol and glucose in' });
    within(group).getByRole('radio', { name: 'mg/dL' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'mmol/L' })).toBeChecked();

    // 118 mg/dL ÷ 38.67 and 420 mg/dL ÷ 18.016, with the lab's value beside each.
    expect(await valueOf('LDL cholesterol')).toBe('3.05 mmol/L');
    const ldl = await card('LDL cholesterol');
    expect(ldl.querySelector('.res-lab')).toHaveTextContent('Lab reported 118 mg/dL');
    expect(ldl).toHaveTextContent('Reference range: under 2.59 mmol/L');
    expect(
      within(ldl).getByRole('img', { name: '3.05 mmol/L, range under 2.59, high' }),
    ).toBeVisible();
    expect(await valueOf('Glucose (fasting)')).toBe('23.3 mmol/L');
    // A value the lab wrote in mmol/L is its own number, not 162 converted back.
    const rows = within(within(ldl).getByRole('table')).getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent('4.19 mmol/L');
    expect(rows.at(-1)).not.toHaveTextContent('lab:');
    // HbA1c has no such switch: it stays in %.
    expect(await valueOf('HbA1c')).toBe('5.4 %');
    expect(localStorage.getItem(UNIT_CHOICE_STORAGE_KEY)).toBe('mmol/L');

    unmount();
    renderResults();
    await waitFor(async () => expect(await valueOf('LDL cholesterol')).toBe('3.05 mmol/L'), {
      timeout: 20_000,
    });
    expect(screen.getByRole('radio', { name: 'mmol/L' })).toBeChecked();
  });

  it('is not offered when no biomarker has a second unit', async () => {
    renderAccount('/account/results', {
      routes: {
        'GET /user/results': [200, { ...page, biomarkers: [tsh] }],
        'GET /api/v1/catalog/biomarker-guide': [200, guide],
      },
    });
    await card('TSH');
    expect(screen.queryByRole('group', { name: 'Cholesterol and glucose in' })).toBeNull();
  });
});

describe('units and numbers on the page', () => {
  it('writes units as people do, not as UCUM codes', async () => {
    renderResults();
    const thyroid = await card('TSH');
    expect(await valueOf('TSH')).toBe('2.1 mIU/L');
    expect(thyroid).toHaveTextContent('Reference range: 0.4–4.0 mIU/L');
    expect(thyroid).not.toHaveTextContent('[IU]');
  });

  it('labels the range bar’s bounds and the chart’s axis with their numbers and unit', async () => {
    renderResults();
    const glucose = await card('Glucose (fasting)');
    const edges = [...glucose.querySelectorAll('.res-bar-scale [data-edge]')];
    expect(edges.map((edge) => [edge.getAttribute('data-edge'), edge.textContent])).toEqual([
      ['low', '70'],
      ['high', '99'],
    ]);
    // Printed as the range's words print them: 4.0–5.6, not 4 and 5.6.
    const hba1c = await card('HbA1c');
    expect(
      [...hba1c.querySelectorAll('.res-bar-scale [data-edge]')].map((edge) => edge.textContent),
    ).toEqual(['4.0', '5.6']);
    // The chart is its own chunk: loading it may take a while on a busy machine.
    await waitFor(() => expect(glucose.querySelector('[data-axis-unit]')).not.toBeNull(), {
      timeout: 20_000,
    });
    expect(glucose.querySelector('[data-axis-unit]')).toHaveTextContent('mg/dL');
  });
});
