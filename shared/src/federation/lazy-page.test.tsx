/// <reference types="@testing-library/jest-dom" />
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage, preloadLazyPages } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

describe('lazyPage', () => {
  it('loads a named export on first render, behind Suspense', async () => {
    const load = jest.fn(async () => ({ Greeting }));
    const Page = lazyPage(load, 'Greeting');
    expect(load).not.toHaveBeenCalled();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Ann" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hello Ann' })).toBeInTheDocument();
  });

  it('renders a preloaded page in the same pass, without the fallback', async () => {
    const Page = lazyPage(async () => ({ Greeting }), 'Greeting');
    await preloadLazyPages();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Bo" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Hello Bo' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });
});
