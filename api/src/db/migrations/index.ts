import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-initial';
import * as m0002 from './0002-catalog-content';
import * as m0003 from './0003-checkout';
import * as m0004 from './0004-upgrades';
import * as m0005 from './0005-money-path';
import * as m0006 from './0006-login-throttle';
import * as m0007 from './0007-signup-attempts';
import * as m0008 from './0008-result-uploads';
import * as m0009 from './0009-support-messages';
import * as m0010 from './0010-operator-access';
import * as m0011 from './0011-catalog-version';
import * as m0012 from './0012-test-provider-intents';
import * as m0013 from './0013-payment-records';
import * as m0014 from './0014-stripe-customers';
import * as m0015 from './0015-upgrade-reconciliation';
import * as m0016 from './0016-order-list';
import * as m0017 from './0017-jobs';
import * as m0018 from './0018-subscription-renewals';
import * as m0019 from './0019-subscription-lifecycle';
import * as m0020 from './0020-renewal-recovery';
import * as m0021 from './0021-stripe-test-clocks';
import * as m0022 from './0022-subscription-mirror-jobs';
import * as m0023 from './0023-result-readings';
import * as m0024 from './0024-shared-limits';
import * as m0025 from './0025-release-registries';
import * as m0026 from './0026-upload-results-copy';
import * as m0027 from './0027-processing-charges-index';
import * as m0028 from './0028-web-vitals';
import * as m0029 from './0029-outbox-dedupe-key';
import * as m0030 from './0030-kits';
import * as m0031 from './0031-fulfilment';
import * as m0032 from './0032-lab';

/**
 * Every migration, in order. Numbered and forward-only: add a new file (0002-…) and list it
 * here; never edit one that has shipped. Listed explicitly so the esbuild bundle carries them.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-catalog-content': m0002,
  '0003-checkout': m0003,
  '0004-upgrades': m0004,
  '0005-money-path': m0005,
  '0006-login-throttle': m0006,
  '0007-signup-attempts': m0007,
  '0008-result-uploads': m0008,
  '0009-support-messages': m0009,
  '0010-operator-access': m0010,
  '0011-catalog-version': m0011,
  '0012-test-provider-intents': m0012,
  '0013-payment-records': m0013,
  '0014-stripe-customers': m0014,
  '0015-upgrade-reconciliation': m0015,
  '0016-order-list': m0016,
  '0017-jobs': m0017,
  '0018-subscription-renewals': m0018,
  '0019-subscription-lifecycle': m0019,
  '0020-renewal-recovery': m0020,
  '0021-stripe-test-clocks': m0021,
  '0022-subscription-mirror-jobs': m0022,
  '0023-result-readings': m0023,
  '0024-shared-limits': m0024,
  '0025-release-registries': m0025,
  '0026-upload-results-copy': m0026,
  '0027-processing-charges-index': m0027,
  '0028-web-vitals': m0028,
  '0029-outbox-dedupe-key': m0029,
  '0030-kits': m0030,
  '0031-fulfilment': m0031,
  '0032-lab': m0032,
};
