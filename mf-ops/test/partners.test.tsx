import { screen, within } from '@testing-library/react';
import { customizationSchema } from '@shop/shared/contract/customization';
import { fakeError } from '@shop/shared/shell-contract/fake-api';
import { fill, renderOps } from './support/render-ops';

const ACME = customizationSchema.parse({
  shopKey: 'acme',
  businessName: 'Acme <img src=x onerror=alert(1)>',
  updatedAt: '2026-11-22T02:04:11.020Z',
});

const previewOf = (container: HTMLElement) =>
  container.querySelector('[data-area-outlet="catalog"]');

describe('partners screen', () => {
  it('lists partners, their names as text', async () => {
    const { container } = renderOps('/ops/partners', ({ url }) =>
      url === '/api/v1/ops/partners' ? { status: 200, data: { partners: [ACME] } } : undefined,
    );
    expect(
      await screen.findByRole('link', { name: 'Edit Acme <img src=x onerror=alert(1)>' }),
    ).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('link', { name: '/shop/acme' })).toHaveAttribute('href', '/shop/acme');
  });

  it('validates with the contract, keeps the values on a refused save and shows the API field message', async () => {
    const { user, api, container } = renderOps('/ops/partners/new', ({ method, url }) =>
      method === 'post' && url === '/api/v1/ops/partners'
        ? {
            status: 409,
            data: {
              error: { code: 'CONFLICT', message: 'A partner with the key "acme" exists already' },
            },
          }
        : undefined,
    );
    await user.click(await screen.findByText('Create partner'));
    expect(await screen.findByText('A shop key is required')).toBeInTheDocument();
    expect(screen.getByText('businessName is required')).toBeInTheDocument();

    await fill(screen.getByLabelText(/Shop key/), 'Not A Key');
    expect(
      await screen.findByText('A shop key is lower-case letters, digits and dashes'),
    ).toBeInTheDocument();
    await fill(screen.getByLabelText(/Shop key/), 'acme');
    await fill(screen.getByLabelText('Business name'), 'Acme Health');
    await fill(screen.getByLabelText('Primary colour'), 'x');
    expect(await screen.findByText('Must be a hex colour such as #3cbab5')).toBeInTheDocument();
    await fill(screen.getByLabelText('Primary colour'), '#112233');

    // The preview mounts the catalog's main page with the unsaved values.
    expect(previewOf(container)).not.toBeNull();

    await user.click(screen.getByText('Create partner'));
    expect(
      await screen.findByText('A partner with the key "acme" exists already'),
    ).toBeInTheDocument();
    expect(api.calls(/\/api\/v1\/ops\/partners$/, 'post')[0]?.body).toMatchObject({
      shopKey: 'acme',
      businessName: 'Acme Health',
      primaryColor: '#112233',
      mainPageTitle: null,
    });
    expect(screen.getByLabelText('Business name')).toHaveValue('Acme Health');
  });

  it('edits a partner and publishes every field through the API', async () => {
    const { user, api } = renderOps('/ops/partners/acme', ({ method, url, body }) => {
      if (method === 'get' && url === '/api/v1/ops/partners/acme')
        return { status: 200, data: ACME };
      if (method === 'put' && url === '/api/v1/ops/partners/acme')
        return {
          status: 200,
          data: customizationSchema.parse({
            ...(body as object),
            shopKey: 'acme',
            updatedAt: ACME.updatedAt,
          }),
        };
      return undefined;
    });
    const name = await screen.findByLabelText('Business name');
    expect(name).toHaveValue(ACME.businessName);
    expect(screen.getByLabelText(/Shop key/)).toBeDisabled();
    await fill(screen.getByLabelText('Title'), 'Tests at home');
    await user.click(screen.getByText('Add a point'));
    await fill(screen.getByLabelText('About point 1'), 'Fast results');
    await user.click(screen.getByText('Publish changes'));
    expect(await screen.findByText(/is published/)).toBeInTheDocument();
    const sent = api.calls(/partners\/acme/, 'put')[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      mainPageTitle: 'Tests at home',
      aboutPoints: ['Fast results'],
      businessName: ACME.businessName,
    });
    expect(sent).not.toHaveProperty('shopKey');
  });

  it('puts a server field error on its field', async () => {
    const { user } = renderOps('/ops/partners/acme', ({ method, url }) => {
      if (method === 'get' && url === '/api/v1/ops/partners/acme')
        return { status: 200, data: ACME };
      if (method === 'put')
        return {
          status: 400,
          data: {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid',
              fields: { mainPageTitle: 'Too spicy' },
            },
          },
        };
      return undefined;
    });
    await fill(await screen.findByLabelText('Title'), 'Hot');
    await user.click(screen.getByText('Publish changes'));
    expect(await screen.findByText('Too spicy')).toBeInTheDocument();
    expect(
      within(screen.getByRole('alert')).getByText('Some fields need attention.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Hot');
  });

  it('says when a partner cannot be loaded', async () => {
    renderOps('/ops/partners/ghost', () => fakeError(404, 'NOT_FOUND', 'No partner ghost'));
    expect(await screen.findByText('Could not load partner ghost')).toBeInTheDocument();
  });
});
