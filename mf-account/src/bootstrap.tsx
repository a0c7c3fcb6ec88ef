import { startDevHarness } from '@shop/shared/shell-contract/dev-shell';
import { AccountRoot } from './app/parcel';

startDevHarness(AccountRoot);
