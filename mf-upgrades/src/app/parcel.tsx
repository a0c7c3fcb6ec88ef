// The exposed `./app` module: a single-spa-react parcel the checkout's thank-you page hosts via the shell.
import { withAreaAntdTheme } from '@shop/shared/federation/area-antd-theme';
import { createAreaApp } from '@shop/shared/federation/remote-root';
import { UpgradeOffers } from '../features/offers/components/upgrade-offers';

export const { AreaRoot: UpgradesRoot, parcel } = createAreaApp(
  'upgrades',
  withAreaAntdTheme(UpgradeOffers),
);
export const { bootstrap, mount, unmount, update } = parcel;
export default parcel;
