// One import for the whole API contract: `import { API_PATHS } from '@shop/shared/contract/index'`.
export * from './errors';
export * from './common';
export * from './paths';
export * from './payment';
export * from './auth';
export * from './user';
export * from './catalog';
export * from './customization';
export * from './discounts';
export * from './cart';
export * from './checkout';
export * from './upgrades';
export * from './impact';
export * from './dev';
export * from './health';
