import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResultUpload } from '@shop/shared/contract/result-uploads';
import type {
  ConfirmCsvColumnsResult,
  ResultReading,
  ResultUploadDetail,
  TypedReading,
} from '@shop/shared/contract/results';
import { errorBody, renderAccount, type Routes } from './support/render-account';

const UPLOADS = '/user/result-uploads';
const ID = '44444444-4444-4444-8444-444444444444';
const DETAIL = `${UPLOADS}/${ID}`;
const PAGE = `/account/results/uploads/${ID}`;

const base: ResultUpload = {
  id: ID,
  fileName: 'portal-export.csv',
  size: 2048,
  type: 'csv',
  status: 'needs-columns',
  sha256: 'b'.repeat(64),
  createdAt: '2026-03-05T10:00:00.000Z',
  readingCount: 0,
  collectedAt: null,
  progress: null,
  problem: null,
};
const csvDetail: ResultUploadDetail = {
  upload: base,
  draft: {
    kind: 'csv',
    rows: [
      ['Test', 'Result', 'Units', 'Reference'],
      ['LDL Cholesterol', '162', 'mg/dL', '<100'],
      ['Glucose', '5,4', 'mmol/L', '3.9 - 5.6'],
    ],
    rowCount: 3,
    suggested: {
      analyte: 0,
      value: 1,
      unit: 2,
      range: 3,
      low: null,
      high: null,
      flag: null,
      date: null,
    },
    hasHeader: true,
  },
  readings: [],
};
const reading: ResultReading = {
  id: '55555555-5555-4555-8555-555555555555',
  uploadId: ID,
  biomarkerKey: 'ldl-cholesterol',
  loinc: '13457-7',
  name: 'LDL Cholesterol',
  value: 162,
  valueText: null,
  unit: 'mg/dL',
  range: { low: null, high: 100, text: '<100' },
  flag: 'high',
  collectedAt: '2026-03-03T00:00:00.000Z',
};
const readUpload: ResultUpload = {
  ...base,
  status: 'read',
  readingCount: 1,
  collectedAt: '2026-03-03T00:00:00.000Z',
};

function renderPage(routes: Routes) {
  return renderAccount(PAGE, { routes });
}

describe('an upload being read', () => {
  it('shows the progress while reading, asking again until the status changes', async () => {
    const answers: ResultUploadDetail[] = [
      {
        upload: { ...base, type: 'pdf', status: 'reading', progress: 40 },
        draft: null,
        readings: [],
      },
      csvDetail,
    ];
    const { callsTo } = renderPage({
      [`GET ${DETAIL}`]: () => [200, answers.length > 1 ? answers.shift() : answers[0]],
    });
    const bar = await screen.findByRole('progressbar', { name: 'Reading portal-export.csv' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('status')).toHaveTextContent('Read 40% so far');
    // The next answer is the column step: the page moves on by itself and stops asking.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Match the columns' }),
    ).toHaveFocus();
    const asked = callsTo('GET', DETAIL).length;
    expect(asked).toBe(2);
  });

  it('lists what was read with units as people write them', async () => {
    renderPage({
      [`GET ${DETAIL}`]: [
        200,
        {
          upload: readUpload,
          draft: null,
          readings: [
            {
              ...reading,
              id: '66666666-6666-4666-8666-666666666666',
              biomarkerKey: 'tsh',
              loinc: '3016-3',
              name: 'TSH',
              value: 2.1,
              unit: 'm[IU]/L',
              range: { low: 0.4, high: 4, text: null },
              flag: 'normal',
            },
          ],
        },
      ],
    });
    const read = await screen.findByRole('table', { name: 'What we read from this file' });
    expect(within(read).getByRole('row', { name: /^TSH 2\.1 mIU\/L/ })).toBeInTheDocument();
    expect(read).not.toHaveTextContent('[IU]');
  });

  it('says plainly when another customer’s or a missing upload is asked for', async () => {
    renderPage({ [`GET ${DETAIL}`]: [404, errorBody('NOT_FOUND', 'Not found')] });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find this lab report in your account.',
    );
  });
});

describe('matching a CSV’s columns', () => {
  it('shows the first rows, the suggested columns and a date when no column holds one, then says what was read and skipped', async () => {
    const answer: ConfirmCsvColumnsResult = {
      upload: readUpload,
      draft: null,
      readings: [reading],
      skippedCount: 1,
      skipped: [{ row: 3, reason: 'No number in the value column' }],
    };
    const { callsTo } = renderPage({
      [`GET ${DETAIL}`]: [200, csvDetail],
      [`POST ${DETAIL}/columns`]: [200, answer],
    });
    const table = await screen.findByRole('table', {
      name: 'The start of your file, as we read it',
    });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('cell', { name: 'LDL Cholesterol' })).toBeInTheDocument();
    expect(screen.getByText(/nothing in this file counts until you confirm/i)).toBeInTheDocument();
    // The server's guess is chosen: each select shows its column.
    const fields = screen.getByRole('group', { name: 'Which column holds what?' });
    expect(
      within(fields).getByRole('combobox', { name: 'Test name (required)' }),
    ).toBeInTheDocument();
    expect(within(fields).getByTitle('Column 2 · Result')).toBeInTheDocument();
    expect(within(fields).getAllByTitle('Not in this file')).toHaveLength(4);
    expect(
      screen.getByRole('checkbox', { name: /first row holds the column names/ }),
    ).toBeChecked();

    const user = userEvent.setup();
    const confirm = screen.getByRole('button', { name: 'Read the values with these columns' });
    await user.click(confirm);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the date the sample was collected');
    expect(callsTo('POST', `${DETAIL}/columns`)).toHaveLength(0);

    // user-event cannot type into a date input; a browser's date picker sets the value the same way.
    fireEvent.change(screen.getByLabelText('Date the sample was collected'), {
      target: { value: '2026-03-03' },
    });
    await user.click(confirm);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your lab report' })).toHaveFocus();
    expect(callsTo('POST', `${DETAIL}/columns`)[0]?.body).toEqual({
      mapping: csvDetail.draft?.kind === 'csv' ? csvDetail.draft.suggested : null,
      hasHeader: true,
      collectedOn: '2026-03-03',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Read 1 value collected on Mar 3, 2026.');
    const read = screen.getByRole('table', { name: 'What we read from this file' });
    expect(
      within(read).getByRole('row', { name: 'LDL Cholesterol 162 mg/dL under 100 High' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: '1 row was not read' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Row 3: No number in the value column')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your results' })).toHaveAttribute(
      'href',
      '/account/results',
    );
  });

  it('shows the server’s refusal when no row could be read', async () => {
    const message = 'No row had a number in the value column. Check which column holds the value.';
    renderPage({
      [`GET ${DETAIL}`]: [
        200,
        {
          ...csvDetail,
          draft: {
            ...csvDetail.draft,
            suggested: { ...(csvDetail.draft as { suggested: object }).suggested, date: 3 },
          },
        },
      ],
      [`POST ${DETAIL}/columns`]: [422, errorBody('UNPROCESSABLE', message)],
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Read the values with these columns' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByLabelText('Date the sample was collected')).not.toBeInTheDocument();
  });
});

describe('confirming the values of a PDF or photo', () => {
  const ldlSuggestion: TypedReading = {
    name: 'LDL Cholesterol',
    biomarkerKey: 'ldl-cholesterol',
    value: '162',
    unit: 'mg/dL',
    low: null,
    high: 100,
    rangeText: null,
    flag: 'high',
  };
  const pdfDetail: ResultUploadDetail = {
    upload: { ...base, fileName: 'quest.pdf', type: 'pdf', status: 'needs-confirmation' },
    draft: {
      kind: 'document',
      suggestions: [
        ldlSuggestion,
        {
          name: 'Glucose',
          biomarkerKey: 'glucose',
          value: '9999',
          unit: 'mg/dL',
          low: 70,
          high: 99,
          rangeText: null,
          flag: null,
        },
      ],
      suggestedCollectedOn: '2026-03-03',
      hasText: true,
    },
    readings: [],
  };

  it('lets the customer fix, remove and add values, and stores only what was confirmed', async () => {
    const { callsTo } = renderPage({
      [`GET ${DETAIL}`]: [200, pdfDetail],
      [`POST ${DETAIL}/readings`]: [
        200,
        {
          upload: { ...readUpload, fileName: 'quest.pdf', readingCount: 2 },
          draft: null,
          readings: [],
        },
      ],
    });
    expect(
      await screen.findByText('Nothing from this file counts until you confirm it.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    const second = screen.getByRole('group', { name: 'Value 2' });
    await user.click(within(second).getByRole('button', { name: 'Remove value 2' }));
    expect(screen.queryByRole('group', { name: 'Value 2' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a value' }));
    const added = screen.getByRole('group', { name: 'Value 2' });
    await waitFor(() => expect(within(added).getByLabelText('Test name')).toHaveFocus());
    await user.type(within(added).getByLabelText('Test name'), 'HbA1c');
    await user.type(within(added).getByLabelText('Value'), '5,9');
    await user.type(within(added).getByLabelText('Unit'), '%');
    await user.type(within(added).getByLabelText('Range high'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Confirm these values' }));
    expect(await within(added).findByText('Enter a number, or leave it empty')).toBeInTheDocument();
    expect(callsTo('POST', `${DETAIL}/readings`)).toHaveLength(0);

    await user.clear(within(added).getByLabelText('Range high'));
    await user.type(within(added).getByLabelText('Range high'), '5,6');
    await user.click(screen.getByRole('button', { name: 'Confirm these values' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Read 2 values');
    expect(callsTo('POST', `${DETAIL}/readings`)[0]?.body).toEqual({
      collectedOn: '2026-03-03',
      readings: [
        // The first suggestion as it was, the second removed, the typed one added.
        ldlSuggestion,
        {
          name: 'HbA1c',
          biomarkerKey: null,
          value: '5,9',
          unit: '%',
          low: null,
          high: 5.6,
          rangeText: null,
          flag: null,
        },
      ],
    });
  });

  it('asks for typed values when a photo has no text', async () => {
    renderPage({
      [`GET ${DETAIL}`]: [
        200,
        {
          ...pdfDetail,
          upload: { ...pdfDetail.upload, type: 'jpeg', fileName: 'photo.jpg' },
          draft: { kind: 'document', suggestions: [], suggestedCollectedOn: null, hasText: false },
        },
      ],
    });
    expect(await screen.findByText(/Type the values from your report/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Value 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove value 1' })).toBeDisabled();
    expect(screen.getByLabelText('Collection date')).toHaveValue('');
  });
});
