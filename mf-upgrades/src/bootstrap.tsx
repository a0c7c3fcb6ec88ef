import { startDevHarness } from '@shop/shared/shell-contract/dev-shell';
import { UpgradesRoot } from './app/parcel';

startDevHarness(UpgradesRoot);
