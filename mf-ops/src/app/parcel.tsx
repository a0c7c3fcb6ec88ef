// The exposed `./app` module: a single-spa-react parcel the shell mounts, for operators only.
import { withAreaAntdTheme } from '@shop/shared/federation/area-antd-theme';
import { createAreaApp } from '@shop/shared/federation/remote-root';
import { OpsRoutes } from './ops-routes';

// A darker teal than the brand, with white text on it: primary buttons and links keep 4.5:1 contrast.
const OPS_THEME = {
  token: {
    colorPrimary: '#0f6e69',
    colorLink: '#0f6e69',
    colorTextLightSolid: '#ffffff',
    colorTextDescription: '#4a5f63',
  },
};

export const { AreaRoot: OpsRoot, parcel } = createAreaApp(
  'ops',
  withAreaAntdTheme(OpsRoutes, OPS_THEME),
);
export const { bootstrap, mount, unmount, update } = parcel;
export default parcel;
