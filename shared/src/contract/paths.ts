// Every API path, in Fastify's `:param` form. Clients fill params with `buildPath`.
// Group prefixes follow the spec's three clients: connect, payments and content.
import { FIELD_DATA_PATHS } from './field-data-paths';
import { buildPath, FIRST_VIEW_PATHS } from './first-view-paths';

export { buildPath };

export const CONNECT_PREFIXES = [
  '/auth2',
  '/user',
  '/impact',
  '/employer-form-submit',
  '/kits',
] as const;
export const PAYMENTS_PREFIX = '/payments/stripe-subscriptions';
export const CONTENT_PREFIX = '/api';
/** The operator API: under the content prefix, answered only to operators (404 to anyone else). */
export const OPS_PREFIX = '/api/v1/ops';

const P = PAYMENTS_PREFIX;
const O = OPS_PREFIX;

export const API_PATHS = {
  // Operations
  healthz: '/healthz',
  readyz: '/readyz',
  metrics: '/metrics',
  docs: '/docs',
  devOutbox: '/dev/outbox',

  // connect: account and user
  signupConfirm: '/auth2/signup/confirm',
  logout: '/auth2/logout',
  resetPassword: '/auth2/reset-password',
  resetPasswordCallback: '/auth2/reset-password/callback',
  resetPasswordLink: '/auth2/reset-password/link',
  isNewCustomer: '/user/is-new-customer',
  cmsInfo: '/user/cms-info',
  paymentMethods: '/user/management-portal/payment-methods',
  paymentMethod: '/user/management-portal/payment-methods/:id',
  paymentMethodDefault: '/user/management-portal/payment-methods/:id/default',
  paymentMethodConfirmation: '/user/management-portal/payment-methods/confirmations/:id',
  shippingAddress: '/user/management-portal/shipping-address',
  resultUploads: '/user/result-uploads',
  resultUpload: '/user/result-uploads/:id',
  resultUploadFile: '/user/result-uploads/:id/file',
  resultUploadColumns: '/user/result-uploads/:id/columns',
  resultUploadReadings: '/user/result-uploads/:id/readings',
  results: '/user/results',
  resultsExport: '/user/results/export',
  invitation: '/user/invitation',
  anonymousReferral: '/user/referrals/anonymous',
  supportMessages: '/user/support-messages',
  employerFormSubmit: '/employer-form-submit',
  employerPayment: '/employer-form-submit/:token',
  employerPaymentPay: '/employer-form-submit/:token/pay',
  employerPaymentConfirm: '/employer-form-submit/:token/confirm',
  logPageView: '/impact/log-page-view',
  ...FIELD_DATA_PATHS,
  kitsHasScheduled: '/kits/products/has-scheduled',
  /** The signed-in customer's kits with their timelines. */
  kits: '/kits',
  kitActivate: '/kits/activate',
  /** The kit's code as an SVG barcode (Code 128, or QR with ?format=qr). */
  kitBarcode: '/kits/:id/barcode',
  accountSubscriptions: '/user/management-portal/subscriptions',
  accountSubscription: '/user/management-portal/subscriptions/:id',
  accountSubscriptionHistory: '/user/management-portal/subscriptions/:id/history',
  accountSubscriptionCancel: '/user/management-portal/subscriptions/:id/cancel',
  /** Undoes a cancel at the period's end. */
  accountSubscriptionKeep: '/user/management-portal/subscriptions/:id/keep',
  accountSubscriptionPause: '/user/management-portal/subscriptions/:id/pause',
  accountSubscriptionResume: '/user/management-portal/subscriptions/:id/resume',
  /** POST skips the next renewal, DELETE undoes the skip. */
  accountSubscriptionSkip: '/user/management-portal/subscriptions/:id/skip',
  /** GET ?lookupKey= previews the change, POST confirms it. */
  accountSubscriptionInterval: '/user/management-portal/subscriptions/:id/interval',
  accountSubscriptionCard: '/user/management-portal/subscriptions/:id/payment-method',

  // payments
  paymentsConfig: `${P}/config`,
  discount: `${P}/discounts/:code`,
  discountIsValid: `${P}/discounts/:code/is-valid`,
  businessCheckout: `${P}/business/checkout`,
  businessCheckoutStatus: `${P}/business/checkout/:id/status`,
  businessCheckoutDetails: `${P}/business/checkout/:id/details`,
  businessCheckoutFulfil: `${P}/business/checkout/:id/fulfil`,
  businessUsers: `${P}/business/users`,
  shippingCost: `${P}/checkout/shipping-cost`,
  checkoutStart: `${P}/checkout/start`,
  orders: `${P}/checkout/orders`,
  order: `${P}/checkout/orders/:id`,
  orderConfirm: `${P}/checkout/orders/:id/confirm`,
  bnplConsents: `${P}/bnpl/consent`,
  bnplConsent: `${P}/bnpl/consent/:id`,
  paymentsWebhook: `${P}/webhook`,
  upgradePurchased: `${P}/checkout/upgrade-purchased`,
  buyBpTape: `${P}/checkout/:id/buy-bp-tape`,
  miniPanelUpgradePending: `${P}/checkout/mini-panel-upgrade/pending`,
  miniPanelUpgradePurchase: `${P}/checkout/mini-panel-upgrade`,
  easyDrawUpgradePurchase: `${P}/checkout/easy-draw-upgrade`,
  upgradeConfirm: `${P}/checkout/upgrades/:id/confirm`,

  // content (customization, catalog and cart: in first-view-paths.ts)
  ...FIRST_VIEW_PATHS,
  biomarkerGuide: '/api/v1/catalog/biomarker-guide',
  storefrontDiscount: '/api/v1/discounts/:code',
  cartMerge: '/api/v1/cart/merge',
  miniPanelUpgrade: '/api/mini-panel-upgrade',
  /** The signed-in customer's own orders, one of them, and its receipt as a PDF. */
  accountOrders: '/api/v1/account/orders',
  accountOrder: '/api/v1/account/orders/:id',
  accountOrderReceipt: '/api/v1/account/orders/:id/receipt.pdf',
  easyDrawUpgrade: '/api/easy-draw-upgrade',

  // operators (content client; 404 unless the caller is an operator)
  opsSession: `${O}/session`,
  // Releases keep their first URLs (`/deliveries`): operator scripts and a CLI of another
  // version call them, and only the code and screens needed the clearer name.
  opsReleases: `${O}/deliveries`,
  opsReleaseRollback: `${O}/deliveries/:remote/rollback`,
  opsReleaseDeploy: `${O}/deliveries/:remote/deploy`,
  opsPartners: `${O}/partners`,
  opsPartner: `${O}/partners/:shopKey`,
  opsOrders: `${O}/orders`,
  opsOrder: `${O}/orders/:id`,
  opsOrderRefunds: `${O}/orders/:id/refunds`,
  opsSubscriptions: `${O}/subscriptions`,
  opsSubscription: `${O}/subscriptions/:id`,
  opsSubscriptionCancel: `${O}/subscriptions/:id/cancel`,
  opsSubscriptionPause: `${O}/subscriptions/:id/pause`,
  /** Tries a past-due renewal again now. */
  opsSubscriptionRetry: `${O}/subscriptions/:id/retry`,
  /** GET and PUT: how dunning ends, its retry days, the reminder's lead time. */
  opsSubscriptionSettings: `${O}/settings/subscriptions`,
  opsOperators: `${O}/operators`,
  opsAudit: `${O}/audit`,
  opsJobs: `${O}/jobs`,
  opsWebVitals: `${O}/web-vitals`,
  opsJobRetry: `${O}/jobs/:id/retry`,
  opsClock: `${O}/clock`,
  opsClockAdvance: `${O}/clock/advance`,
} as const;

export type ApiPathName = keyof typeof API_PATHS;
