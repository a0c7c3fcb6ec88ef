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
      expect(showsShopperChat(routeOf(path.split('?')[0]!, AREAS))).toBe(false);
    },
  );

  it.each(['/', '/pricing', '/shop/acme', '/checkout', '/account', '/no-such-page'])(
    'shows on the shoppers page %s',
    (path) => {
      expect(showsShopperChat(routeOf(path, AREAS))).toBe(true);
    },
  );

  it('waits until the page is known to be a shoppers page', () => {
    expect(showsShopperChat(undefined)).toBe(false);
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
