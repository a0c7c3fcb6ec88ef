import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createDevShell } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import { AreaOutlet } from '../src/federation/area-outlet';
import { AreaLoadError, type AreaLoader, type AreaParcel } from '../src/federation/area-loader';

/** A parcel that writes plain DOM, standing in for a remote. */
const fakeParcel: AreaParcel = {
  bootstrap: async () => undefined,
  mount: async (props) => {
    const { domElement } = props as { domElement: HTMLElement };
    domElement.innerHTML = '<h1>Catalog from the remote</h1>';
  },
  unmount: async (props) => {
    (props as { domElement: HTMLElement }).domElement.innerHTML = '';
  },
};

function shellProps() {
  const store = createMemoryNavigationStore('/');
  const { props } = createDevShell({ store, queryClient: new QueryClient() });
  return {
    ...props,
    navigation: { location: store.getLocation(), navigator: store.navigator, basename: '' },
  };
}

describe('area outlet', () => {
  it('shows the area fallback when the remote is down, and Try again loads it without a page reload', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls: string[] = [];
    const loader = {
      load: async () => {
        calls.push('load');
        throw new AreaLoadError('catalog', 'unavailable');
      },
      reload: async () => {
        calls.push('reload');
        return fakeParcel;
      },
      preload: () => undefined,
      register: () => undefined,
    } as unknown as AreaLoader;

    render(<AreaOutlet area="catalog" loader={loader} shellProps={shellProps()} />);
    const fallback = await screen.findByRole('alert');
    expect(fallback).toHaveTextContent('Our tests is unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Catalog from the remote' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toEqual(['load', 'reload']);
    errorSpy.mockRestore();
  });

  it('shows the fallback when a mounted remote reports a crash', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let reportCrash: ((area: 'catalog', error: unknown) => void) | undefined;
    const crashingParcel: AreaParcel = {
      ...fakeParcel,
      mount: async (props) => {
        reportCrash = (props as { reportAreaError: typeof reportCrash }).reportAreaError;
        await fakeParcel.mount(props);
      },
    };
    const loader = {
      load: async () => crashingParcel,
      reload: async () => crashingParcel,
      preload: () => undefined,
    } as unknown as AreaLoader;
    render(<AreaOutlet area="catalog" loader={loader} shellProps={shellProps()} />);
    expect(
      await screen.findByRole('heading', { name: 'Catalog from the remote' }),
    ).toBeInTheDocument();
    reportCrash?.('catalog', new Error('render failed'));
    expect(await screen.findByRole('alert')).toHaveAttribute('data-reason', 'crashed');
    errorSpy.mockRestore();
  });
  it('replaces a timeout fallback by itself when the slow remote arrives after all', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let arrive: (parcel: AreaParcel) => void = () => undefined;
    const late = new Promise<AreaParcel>((resolve) => (arrive = resolve));
    const loader = {
      load: async () => {
        throw new AreaLoadError('catalog', 'timeout');
      },
      reload: async () => fakeParcel,
      lateArrival: () => late,
      preload: () => undefined,
    } as unknown as AreaLoader;
    render(<AreaOutlet area="catalog" loader={loader} shellProps={shellProps()} />);
    expect(await screen.findByRole('alert')).toHaveAttribute('data-reason', 'timeout');
    arrive(fakeParcel);
    expect(
      await screen.findByRole('heading', { name: 'Catalog from the remote' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    errorSpy.mockRestore();
  });

  it('gives a nested slot with its own quiet fallback a Try again as well', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls: string[] = [];
    const loader = {
      load: async () => {
        calls.push('load');
        throw new AreaLoadError('upgrades', 'unavailable');
      },
      reload: async () => {
        calls.push('reload');
        return fakeParcel;
      },
      lateArrival: () => undefined,
      preload: () => undefined,
    } as unknown as AreaLoader;
    render(
      <AreaOutlet
        area="upgrades"
        loader={loader}
        shellProps={shellProps()}
        fallback={<p>Offers are not available right now.</p>}
      />,
    );
    expect(await screen.findByText('Offers are not available right now.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Catalog from the remote' }),
    ).toBeInTheDocument();
    expect(calls).toEqual(['load', 'reload']);
    errorSpy.mockRestore();
  });
});
