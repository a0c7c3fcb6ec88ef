import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResultUpload } from '@shop/shared/contract/result-uploads';
import { errorBody, renderAccount, type Routes } from './support/render-account';

const UPLOADS = '/user/result-uploads';
const quest: ResultUpload = {
  id: '11111111-1111-4111-8111-111111111111',
  fileName: 'quest-march.pdf',
  size: 1_572_864,
  type: 'pdf',
  status: 'received',
  sha256: 'a'.repeat(64),
  createdAt: '2025-03-05T10:00:00.000Z',
  readingCount: 0,
  collectedAt: null,
  progress: null,
  problem: null,
};
const photo: ResultUpload = {
  ...quest,
  id: '22222222-2222-4222-8222-222222222222',
  // Whatever the customer named it is shown as text.
  fileName: '<img src=x onerror=alert(1)>.png',
  size: 2048,
  type: 'png',
};
const methods = {
  paymentMethodsAndAddresses: { paymentMethods: [], shippingAddress: null },
  email: 'ada@example.com',
};

function renderUploads(routes: Routes = {}, path = '/account/uploads') {
  return renderAccount(path, {
    routes: {
      'GET /user/management-portal/subscriptions': [200, { subscriptions: [] }],
      'GET /user/management-portal/payment-methods': [200, methods],
      'GET /kits/products/has-scheduled': [200, { hasScheduled: {} }],
      [`GET ${UPLOADS}`]: [200, { uploads: [quest, photo] }],
      ...routes,
    },
  });
}

const panel = () => screen.getByRole('region', { name: 'Lab results' });
const fileInput = () => panel().querySelector<HTMLInputElement>('input[type="file"]')!;
const pdf = (name = 'labcorp.pdf', bytes = 1200) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

describe('lab results on /account/uploads', () => {
  it('lists the uploads with status, size and date, as text, with download links, and focuses the section', async () => {
    renderUploads();
    const list = await screen.findByRole('list', { name: 'Uploaded lab results' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('quest-march.pdf');
    expect(rows[0]).toHaveTextContent('Stored');
    expect(rows[0]).toHaveTextContent('PDF · 1.5 MB · uploaded Mar 5, 2025');
    expect(rows[1]).toHaveTextContent('<img src=x onerror=alert(1)>.png');
    expect(rows[1]?.querySelector('img')).toBeNull();
    expect(within(list).getByRole('link', { name: 'Download quest-march.pdf' })).toHaveAttribute(
      'href',
      `${UPLOADS}/${quest.id}/file`,
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Lab results' })).toHaveFocus(),
    );
  });

  it('uploads a chosen file with the form, then lists it and says so', async () => {
    const stored: ResultUpload = {
      ...quest,
      id: '33333333-3333-4333-8333-333333333333',
      fileName: 'labcorp.pdf',
      size: 1200,
    };
    const { callsTo } = renderUploads({ [`POST ${UPLOADS}`]: [201, stored] });
    await screen.findByRole('list', { name: 'Uploaded lab results' });
    const user = userEvent.setup();
    const button = within(panel()).getByRole('button', { name: 'Upload a lab report' });
    expect(button).toHaveAccessibleDescription(
      /up to 10 MB: .*FHIR export \(JSON\) or Apple Health export \(\.zip\), a CSV, a PDF or a photo \(PNG or JPEG\)/,
    );
    // What is true now: files are read, and nothing from a PDF counts until confirmed.
    expect(button).toHaveAccessibleDescription(
      /count only once you have checked and confirmed them/,
    );
    expect(panel()).not.toHaveTextContent(/nobody has reviewed/i);
    await user.upload(fileInput(), pdf());

    await waitFor(() =>
      expect(within(panel()).getByRole('status')).toHaveTextContent('Uploaded labcorp.pdf.'),
    );
    const [sent] = callsTo('POST', UPLOADS);
    expect(sent?.body).toBeInstanceOf(FormData);
    expect(((sent?.body as FormData).get('file') as File).name).toBe('labcorp.pdf');
    const rows = within(screen.getByRole('list', { name: 'Uploaded lab results' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('labcorp.pdf');
  });

  it('refuses a file of the wrong kind or over 10 MB before sending it', async () => {
    const { callsTo } = renderUploads();
    await screen.findByRole('list', { name: 'Uploaded lab results' });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      fileInput(),
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
    );
    expect(within(panel()).getByRole('alert')).toHaveTextContent(
      'Choose a FHIR JSON file, an Apple Health export (.zip), a CSV, a PDF, or a PNG or JPEG photo.',
    );

    const big = pdf('big.pdf', 8);
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(fileInput(), big);
    expect(within(panel()).getByRole('alert')).toHaveTextContent('This file is larger than 10 MB.');
    expect(callsTo('POST', UPLOADS)).toHaveLength(0);
  });

  it("shows the server's refusal as an alert the upload button points to", async () => {
    const message =
      'This file is not a PDF, PNG, JPEG or CSV lab report. Please upload one of those.';
    renderUploads({ [`POST ${UPLOADS}`]: [415, errorBody('UNSUPPORTED_MEDIA_TYPE', message)] });
    await screen.findByRole('list', { name: 'Uploaded lab results' });
    await userEvent.setup().upload(fileInput(), pdf('fake.pdf'));
    const alert = await within(panel()).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(
      within(panel()).getByRole('button', { name: 'Upload a lab report' }),
    ).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(within(panel()).getByRole('status')).toHaveTextContent('');
  });

  it('deletes an upload only once confirmed', async () => {
    const { callsTo } = renderUploads({
      [`DELETE ${UPLOADS}/${quest.id}`]: [200, { uploads: [photo] }],
    });
    const list = await screen.findByRole('list', { name: 'Uploaded lab results' });
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Delete quest-march.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Keep it' }));
    expect(callsTo('DELETE', `${UPLOADS}/${quest.id}`)).toHaveLength(0);

    await user.click(within(list).getByRole('button', { name: 'Delete quest-march.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Delete file' }));
    await waitFor(() =>
      expect(within(panel()).getByRole('status')).toHaveTextContent('Deleted quest-march.pdf.'),
    );
    expect(callsTo('DELETE', `${UPLOADS}/${quest.id}`)).toHaveLength(1);
    expect(
      within(screen.getByRole('list', { name: 'Uploaded lab results' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Lab results' })).toHaveFocus();
  });

  it('says what happened to each kind of file: read at once, a step of its own, or why not', async () => {
    const fhir: ResultUpload = {
      ...quest,
      id: '33333333-3333-4333-8333-333333333333',
      fileName: 'mychart.json',
      type: 'fhir',
      status: 'read',
      readingCount: 12,
    };
    const csv: ResultUpload = {
      ...fhir,
      fileName: 'portal.csv',
      type: 'csv',
      status: 'needs-columns',
      readingCount: 0,
    };
    const odd: ResultUpload = {
      ...fhir,
      fileName: 'notes.json',
      status: 'unreadable',
      readingCount: 0,
      problem: 'This JSON is not a FHIR R4 Bundle, DiagnosticReport or Observation.',
    };
    const answers = [fhir, odd, csv];
    const { store } = renderUploads({ [`POST ${UPLOADS}`]: () => [201, answers.shift()] });
    await screen.findByRole('list', { name: 'Uploaded lab results' });
    const user = userEvent.setup();
    const json = new File(['{"resourceType":"Bundle"}'], 'mychart.json', {
      type: 'application/json',
    });

    await user.upload(fileInput(), json);
    await waitFor(() =>
      expect(within(panel()).getByRole('status')).toHaveTextContent(
        'Uploaded mychart.json and read 12 values. They are on your results page.',
      ),
    );
    await user.upload(fileInput(), new File(['{}'], 'notes.json', { type: 'application/json' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'notes.json could not be read. This JSON is not a FHIR R4 Bundle, DiagnosticReport or Observation.',
    );
    await user.upload(fileInput(), new File(['a,b'], 'portal.csv', { type: 'text/csv' }));
    await waitFor(() =>
      expect(store.getLocation().pathname).toBe(`/account/results/uploads/${csv.id}`),
    );
  });

  it('links each upload waiting for the customer to its step', async () => {
    const waiting: ResultUpload = { ...quest, status: 'needs-confirmation' };
    renderUploads({ [`GET ${UPLOADS}`]: [200, { uploads: [waiting] }] });
    const list = await screen.findByRole('list', { name: 'Uploaded lab results' });
    expect(
      within(list).getByRole('link', { name: 'Check the values: quest-march.pdf' }),
    ).toHaveAttribute('href', `/account/results/uploads/${quest.id}`);
  });

  it('offers every upload and reading as one download, and deletes them all only once confirmed', async () => {
    const { callsTo } = renderUploads({ 'DELETE /user/results': [204] });
    await screen.findByRole('list', { name: 'Uploaded lab results' });
    const data = within(panel()).getByRole('region', { name: 'Your data' });
    expect(within(data).getByRole('link', { name: 'Download everything (.zip)' })).toHaveAttribute(
      'href',
      '/user/results/export?format=zip',
    );
    expect(within(data).getByRole('link', { name: 'Values as FHIR JSON' })).toHaveAttribute(
      'href',
      '/user/results/export?format=fhir',
    );
    expect(within(data).getByRole('link', { name: 'Values as CSV' })).toHaveAttribute(
      'href',
      '/user/results/export?format=csv',
    );

    const user = userEvent.setup();
    const remove = within(data).getByRole('button', { name: 'Delete all my results' });
    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete all your lab results?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my results' }));
    await waitFor(() => expect(remove).toHaveFocus());
    expect(callsTo('DELETE', '/user/results')).toHaveLength(0);

    await user.click(remove);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete all your lab results?' })).getByRole(
        'button',
        { name: 'Delete everything' },
      ),
    );
    await waitFor(() =>
      expect(within(panel()).getByRole('status')).toHaveTextContent(
        'Deleted all your lab results and the files you uploaded.',
      ),
    );
    expect(callsTo('DELETE', '/user/results')).toHaveLength(1);
    expect(within(panel()).getByText('No lab results uploaded yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Lab results' })).toHaveFocus();
  });

  it('says when there is nothing yet', async () => {
    renderUploads({ [`GET ${UPLOADS}`]: [200, { uploads: [] }] }, '/account');
    expect(await within(panel()).findByText('No lab results uploaded yet.')).toBeInTheDocument();
  });

  it('sends a logged-out visitor to log in and back to the uploads, without asking for them', async () => {
    const { store, callsTo } = renderUploads({
      'GET /user/management-portal/payment-methods': [
        401,
        errorBody('UNAUTHORIZED', 'Please log in to continue'),
      ],
    });
    await waitFor(() => expect(store.getLocation().pathname).toBe('/login'));
    expect(store.getLocation().search).toBe('?redirect=%2Faccount%2Fuploads');
    expect(callsTo('GET', UPLOADS)).toHaveLength(0);
  });
});
