import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KitView } from '@shop/shared/contract/kits';
import { kitCheckSymbol } from '@shop/shared/kits/kit-code';
import { errorBody, fill, renderAccount, type Routes } from './support/render-account';

// A whole form typed field by field: on a busy machine that takes longer than the usual 30 s.
jest.setTimeout(60_000);

const BODY = 'ABCDE12345';
const CODE = BODY + kitCheckSymbol(BODY);
const PRINTED = `${CODE.slice(0, 5)}-${CODE.slice(5, 10)}-${CODE.slice(10)}`;
const WRONG_CHECK = BODY + (kitCheckSymbol(BODY) === '0' ? '1' : '0');

const kit = (overrides: Partial<KitView> = {}): KitView => ({
  id: 'b1b2c3d4-0000-4000-8000-000000000001',
  code: CODE,
  title: 'Bloodwise Complete Panel',
  state: 'created',
  rejectionReason: null,
  replacesKitId: null,
  sampleTaker: null,
  subjectName: null,
  sampleTakenOn: null,
  createdAt: '2030-01-15T12:00:00.000Z',
  nextStep: 'activate',
  events: [
    {
      state: 'created',
      source: 'system',
      at: '2030-01-15T12:00:00.000Z',
      note: null,
      trackingUrl: null,
    },
  ],
  ...overrides,
});

const noKits: Routes = { 'GET /kits': [200, { kits: [], pendingCode: null }] };

async function fillPerson() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: 'Me' }));
  await fill(screen.getByLabelText('Your full name'), 'Ada Lovelace');
  await fill(screen.getByLabelText('Date of birth'), '1990-01-10');
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await fill(screen.getByLabelText('Day the sample is taken'), '2030-01-20');
  await user.click(screen.getByRole('checkbox', { name: /authorise the lab/ }));
  await user.click(screen.getByRole('checkbox', { name: /results are released/ }));
}

describe('/activate', () => {
  it('checks the kit ID as it is typed: a wrong check character is flagged once all 11 are in', async () => {
    renderAccount('/activate', { routes: { ...noKits } });
    const field = await screen.findByLabelText('Kit ID');
    await userEvent.setup().type(field, WRONG_CHECK.slice(0, 6));
    // Part of an ID is not an error while typing.
    expect(screen.queryByText(/does not add up/)).not.toBeInTheDocument();
    await fill(field, WRONG_CHECK);
    expect(await screen.findByText(/does not add up/)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await fill(field, PRINTED.toLowerCase());
    await waitFor(() => expect(screen.queryByText(/does not add up/)).not.toBeInTheDocument());
    await fill(field, 'ABCU');
    expect(await screen.findByText(/character a kit ID never uses/)).toBeInTheDocument();
  });

  it('sends nothing until every field and both consents are given', async () => {
    const { callsTo } = renderAccount('/activate', { routes: { ...noKits } });
    await userEvent.click(await screen.findByRole('button', { name: 'Activate kit' }));
    expect(await screen.findByText('Enter the kit ID printed on the box.')).toBeInTheDocument();
    expect(screen.getByText('Choose who is taking the sample')).toBeInTheDocument();
    expect(
      screen.getByText('The lab needs this authorisation to test the sample'),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/kits/activate')).toHaveLength(0);
  });

  it('takes the code from the QR link, activates, and says what comes next', async () => {
    const { callsTo } = renderAccount(`/activate?kit=${PRINTED.toLowerCase()}`, {
      routes: {
        ...noKits,
        'POST /kits/activate': [
          200,
          {
            kit: kit({
              state: 'activated',
              nextStep: 'send_sample',
              sampleTaker: 'self',
              subjectName: 'Ada Lovelace',
            }),
          },
        ],
      },
    });
    expect(await screen.findByLabelText('Kit ID')).toHaveValue(PRINTED);
    await fillPerson();
    await userEvent.click(screen.getByRole('button', { name: 'Activate kit' }));
    expect(await screen.findByRole('heading', { name: 'Kit activated' })).toHaveFocus();
    expect(screen.getByText(`Kit ${PRINTED} is activated`)).toBeInTheDocument();
    const [call] = callsTo('POST', '/kits/activate');
    // The dates go as written: no time, no zone.
    expect(call?.body).toEqual({
      code: PRINTED,
      sampleTaker: 'self',
      name: 'Ada Lovelace',
      dateOfBirth: '1990-01-10',
      sexAtBirth: 'female',
      sampleTakenOn: '2030-01-20',
      consentLabTest: true,
      consentResultsRelease: true,
    });
  });

  it('keeps everything typed when the shop refuses the code, and says so in an alert', async () => {
    renderAccount('/activate', {
      routes: {
        ...noKits,
        'POST /kits/activate': [
          404,
          errorBody(
            'NOT_FOUND',
            'We could not activate this kit ID. Check it against the one printed on your kit.',
          ),
        ],
      },
    });
    await fill(await screen.findByLabelText('Kit ID'), PRINTED);
    await fillPerson();
    await userEvent.click(screen.getByRole('button', { name: 'Activate kit' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/could not activate this kit ID/)).toBeInTheDocument();
    expect(screen.getByLabelText('Kit ID')).toHaveValue(PRINTED);
    expect(screen.getByLabelText('Your full name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1990-01-10');
  });

  it('offers the kit ID typed at sign-up', async () => {
    renderAccount('/activate', {
      routes: { 'GET /kits': [200, { kits: [kit()], pendingCode: CODE }] },
    });
    await waitFor(() => expect(screen.getByLabelText('Kit ID')).toHaveValue(PRINTED));
  });
});

describe('/account/kits', () => {
  it('lists each kit with its state, timeline and next step', async () => {
    renderAccount('/account/kits', {
      routes: {
        'GET /kits': [
          200,
          {
            pendingCode: null,
            kits: [
              kit(),
              kit({
                id: 'b1b2c3d4-0000-4000-8000-000000000002',
                state: 'shipped',
                nextStep: 'activate',
                events: [
                  ...kit().events,
                  {
                    state: 'shipped',
                    source: 'operator',
                    at: '2030-01-16T12:00:00.000Z',
                    note: 'Tracking number 9400',
                    trackingUrl: 'https://tools.example/track/9400',
                  },
                ],
              }),
              kit({
                id: 'b1b2c3d4-0000-4000-8000-000000000003',
                state: 'activated',
                nextStep: 'send_sample',
                subjectName: 'Ada Lovelace',
                sampleTakenOn: '2030-01-20',
              }),
            ],
          },
        ],
      },
    });
    const kits = within(await screen.findByRole('list', { name: 'Kits' })).getAllByRole(
      'listitem',
      {
        name: /Bloodwise/,
      },
    );
    expect(kits).toHaveLength(3);
    expect(within(kits[0]!).getByText('Being prepared')).toBeInTheDocument();
    expect(within(kits[0]!).getByRole('link', { name: `Activate kit ${PRINTED}` })).toHaveAttribute(
      'href',
      `/activate?kit=${CODE}`,
    );
    const shippedTimeline = within(kits[1]!).getByRole('list', { name: /Timeline/ });
    expect(shippedTimeline).toHaveTextContent('Shipped');
    expect(shippedTimeline).toHaveTextContent('Tracking number 9400');
    expect(within(kits[1]!).getByRole('link', { name: 'Track the parcel' })).toHaveAttribute(
      'href',
      'https://tools.example/track/9400',
    );
    expect(kits[2]).toHaveTextContent('For Ada Lovelace · sample taken Jan 20, 2030');
    expect(kits[2]).toHaveTextContent('send it back with the prepaid return label');
  });
});
