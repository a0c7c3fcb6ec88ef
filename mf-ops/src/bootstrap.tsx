import { startDevHarness } from '@shop/shared/shell-contract/dev-shell';
import { OpsRoot } from './app/parcel';

startDevHarness(OpsRoot);
