import { startDevHarness } from '@shop/shared/shell-contract/dev-shell';
import { CheckoutRoot } from './app/parcel';

startDevHarness(CheckoutRoot);
