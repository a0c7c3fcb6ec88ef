import { startDevHarness } from '@shop/shared/shell-contract/dev-shell';
import { StorefrontRoot } from './app/parcel';

// The harness plays a partner called Acme Health on /shop/acme.
startDevHarness(StorefrontRoot, {
  basename: '/shop/acme',
  customization: {
    shopKey: 'acme',
    businessName: 'Acme Health',
    primaryColor: '#5b4bdb',
    mainPageTitle: 'Bloodwise testing for Acme Health',
  },
});
