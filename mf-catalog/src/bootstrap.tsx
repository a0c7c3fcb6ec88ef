import { startDevHarness } from '@shop/shared/shell-contract/dev-shell';
import { CatalogRoot } from './app/parcel';

startDevHarness(CatalogRoot);
