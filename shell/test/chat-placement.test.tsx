// The shoppers' chat bubble stays off the operator console: not shown on /ops pages, and the
// vendor's widget shut down when the visitor moves onto them.
import { render } from '@testing-library/react';
import { testRegistry } from '@shop/shared/shell-contract/test-area-routes';
import { areaTableOf } from '@shop/shared/shell-contract/area-routes';
import { routeOf, showsShopperChat } from '../src/app/route-table';
import { VendorChat } from '../src/features/chat/chat-widget';

const AREAS = areaTableOf(testRegistry());

describe('where the shoppers chat shows', () => {
  it.each(['/ops', '/ops/orders', '/ops/orders?status=paid', '/ops/releases'])(
    'is left out on the console page %s',
    (path) => {
      const pathname = path.split('?')[0]!;
      expect(showsShopperChat(routeOf(pathname, AREAS), pathname)).toBe(false);
    },
  );

  it.each(['/', '/pricing', '/shop/acme', '/checkout', '/account', '/no-such-page'])(
    'shows on the shoppers page %s',
    (path) => {
      expect(showsShopperChat(routeOf(path, AREAS), path)).toBe(true);
    },
  );

  it.each(['/account/results', '/account/results/uploads/1', '/shop/acme/account/results'])(
    'is left out on the health-data page %s',
    (path) => {
      expect(showsShopperChat(routeOf(path, AREAS), path)).toBe(false);
    },
  );

  it('waits until the page is known to be a shoppers page', () => {
    expect(showsShopperChat(undefined, '/pricing')).toBe(false);
  });

  it('shuts the vendor widget down when it is left out of the page', () => {
    const calls: string[] = [];
    window.Intercom = Object.assign((command: string) => calls.push(command), {});
    const view = render(
      <VendorChat appId="app-1" user={null} userSettled={true} href="/pricing" />,
    );
    expect(calls).toEqual(['boot']);
    view.unmount();
    expect(calls).toEqual(['boot', 'shutdown']);
    delete window.Intercom;
  });
});
