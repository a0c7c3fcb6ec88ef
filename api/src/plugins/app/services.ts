import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCustomizationService } from '../../services/partners/customization-service';
import { createMailQueue } from '../../services/mail/mail-queue';
import { createOutboxMailer, createSmtpMailer, type Mailer } from '../../services/mail/mailer';
import {
  createPasswordHasher,
  type Argon2Cost,
  type PasswordHasher,
} from '../../services/account/password-hasher';
import type { PaymentProvider } from '../../services/payments/payment-provider';
import { createSandboxProvider, isPaymentSandbox } from './payment-sandbox';
import { handleRenewals } from '../../services/subscriptions/renew-subscription';
import { createRenewalScheduler } from '../../services/subscriptions/renewal-scheduler';
import { createNoticeScheduler, handleNotices } from '../../services/subscriptions/renewal-notices';
import { createSweepScheduler, handleSweeps } from '../../services/subscriptions/renewal-sweep';
import { handleMirrors } from '../../services/subscriptions/subscription-mirror';
import {
  createSubscriptionStarts,
  handleStartBilling,
} from '../../services/subscriptions/start-subscriptions';
import { createPaymentReconciler } from '../../services/payments/reconcile-payments';
import { createStripePaymentProvider } from '../../services/payments/stripe-provider/stripe-payment-provider';
import { createStripeSubscriptionBilling } from '../../services/payments/stripe-provider/stripe-subscription-billing';
import {
  createStripeTestClocks,
  followShopClock,
  type StripeTestClocks,
} from '../../services/payments/stripe-provider/stripe-test-clocks';
import {
  shopRunBilling,
  type SubscriptionBilling,
} from '../../services/subscriptions/subscription-billing';
import { createInvalidationChannel } from '../../services/invalidation-channel';
import { createShopClock } from '../../services/clock/shop-clock';
import { createJobQueue } from '../../services/jobs/job-queue';
import { createCleanUpScheduler, handleCleanUps } from '../../services/maintenance/clean-up';
import { systemClock, type Clock } from '../../lib/clock';
import {
  createCatalogPriceSource,
  type CatalogPriceSource,
} from '../../services/catalog/provider-prices';
import { openObjectStores } from '../../services/releases/object-stores';
import type { UploadStore } from '../../services/results/upload-store';
import { handleResultReads } from '../../services/results/read-upload';
import { handleOrderReceipts } from '../../services/orders/order-receipts';
import { handleUpgradeReceipts } from '../../services/upgrades/upgrade-receipts';
import { createRefundMails } from '../../services/orders/refund-mails';

export interface ServicesPluginOptions {
  paymentProvider?: PaymentProvider;
  /** Who runs subscriptions' cycles: Stripe Billing with Stripe, the shop's own renewals otherwise. */
  subscriptionBilling?: SubscriptionBilling;
  /** Stripe test clocks that follow the shop clock; from STRIPE_TEST_CLOCKS by default. */
  stripeTestClocks?: StripeTestClocks | null;
  /** Where the catalogue's amounts come from; by default chosen by the payment provider. */
  catalogPrices?: CatalogPriceSource;
  mailer?: Mailer;
  passwordHasher?: PasswordHasher;
  argon2Cost?: Argon2Cost;
  customizationCacheTtlMs?: number;
  /** Where uploaded lab reports go; the configured object store (OBJECT_STORE) by default. */
  uploadStore?: UploadStore;
  /** The token the operator API accepts from the local CLI (server.ts writes it to the token file). */
  operatorToken?: string;
  /** The time the shop clock's offset is added to; the machine's by default (tests pin it). */
  clockBase?: Clock;
  /** The time job leases are judged by; the machine's by default (tests play a stopped runner). */
  jobLeaseClock?: Clock;
}

/** The channel on which instances tell each other that jobs were queued or the clock moved. */
export const JOB_QUEUE_CHANNEL = 'job_queue';
const CLOCK_MOVED = 'clock';
/** How often each instance looks for subscriptions whose period has ended. */
const RENEWAL_SCAN_MS = 60_000;

export const CUSTOMIZATION_CACHE_TTL_MS = 10 * 60 * 1000;

/**
 * The services routes use: passwords, payments, mail (and its queue), the cached customizations
 * and the store for uploaded lab reports.
 */
export const servicesPlugin = fp<ServicesPluginOptions>(
  // eslint-disable-next-line max-lines-per-function -- the composition root wires every service once, in dependency order
  async (app: FastifyInstance, options) => {
    const { config, db } = app;
    // One clock for every job; instances hear through NOTIFY that jobs wait or the clock moved.
    const jobChannel = await createInvalidationChannel(app, JOB_QUEUE_CHANNEL);
    const clock = await createShopClock({
      db,
      production: config.nodeEnv === 'production',
      base: options.clockBase,
      publish: () => jobChannel.publish(CLOCK_MOVED),
    });
    app.decorate('clock', clock);
    app.decorate('passwords', options.passwordHasher ?? createPasswordHasher(options.argon2Cost));
    const stripe = config.stripe;
    const testClocks =
      options.stripeTestClocks !== undefined
        ? options.stripeTestClocks
        : stripe?.testClocks
          ? createStripeTestClocks({ secretKey: stripe.secretKey, db, now: () => clock.now() })
          : null;
    app.decorate(
      'paymentProvider',
      options.paymentProvider ??
        (stripe
          ? createStripePaymentProvider({
              secretKey: stripe.secretKey,
              publishableKey: stripe.publishableKey,
              webhookSecret: stripe.webhookSecret,
              db,
              customerTestClocks: testClocks,
            })
          : createSandboxProvider(db, () => clock.now())),
    );
    app.decorate(
      'subscriptionBilling',
      options.subscriptionBilling ??
        (stripe
          ? createStripeSubscriptionBilling({ secretKey: stripe.secretKey, db })
          : shopRunBilling),
    );
    app.decorate(
      'catalogPrices',
      options.catalogPrices ??
        createCatalogPriceSource({ db, provider: app.paymentProvider, log: app.log }),
    );

    const mailer =
      options.mailer ??
      (config.smtpUrl
        ? createSmtpMailer(config.smtpUrl, config.mailFrom)
        : createOutboxMailer(db, config.mailFrom));
    app.decorate('mailer', mailer);
    const mailQueue = createMailQueue(db, mailer, { from: config.mailFrom, log: app.log, clock });
    app.decorate('mailQueue', mailQueue);
    app.addHook('onReady', async () => mailQueue.start());

    const jobs = createJobQueue(db, {
      clock,
      leaseClock: options.jobLeaseClock,
      leaseMs: config.jobs.leaseMs,
      pollMs: config.jobs.pollMs,
      concurrency: config.jobs.concurrency,
      notifyChannel: app.databaseKind === 'postgres' ? JOB_QUEUE_CHANNEL : undefined,
      log: app.log,
    });
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => jobs.start());

    // A paid order's recurring lines become subscriptions; the billing side starts after the commit.
    const billing = app.subscriptionBilling;
    const subscriptionStarts = createSubscriptionStarts({
      clock,
      jobs,
      provider: app.paymentProvider.name,
      log: app.log,
    });
    app.decorate('subscriptionStarts', subscriptionStarts);
    handleStartBilling(jobs, { db, billing });
    handleMirrors(jobs, { db, billing });
    const refundMails = createRefundMails({ mail: mailQueue, publicOrigin: config.publicOrigin });
    app.decorate('refundMails', refundMails);

    // Finishes payments left unsettled (a lost webhook, a write that failed after the charge).
    const reconciler = createPaymentReconciler(
      {
        db,
        provider: app.paymentProvider,
        log: app.log,
        mailQueue,
        subscriptions: subscriptionStarts,
        jobs,
        refundMails,
      },
      { afterMinutes: config.paymentReconcileAfterMinutes, now: () => clock.now() },
    );
    app.decorate('paymentReconciler', reconciler);
    app.addHook('onReady', async () => reconciler.start());

    // With the built-in provider the shop renews its own subscriptions (Stripe Billing does on Stripe).
    const renewalDeps = {
      db,
      clock,
      provider: app.paymentProvider,
      mail: mailQueue,
      returnUrl: '/account',
      shopUrl: config.publicOrigin,
      log: app.log,
    };
    const renewals = isPaymentSandbox(app.paymentProvider)
      ? createRenewalScheduler(renewalDeps, jobs, { intervalMs: RENEWAL_SCAN_MS, log: app.log })
      : null;
    if (renewals) {
      handleRenewals(jobs, renewalDeps);
      app.addHook('onReady', async () => renewals.start());
    }
    // The daily sweep runs on every shop: it reports Stripe's overdue subscriptions too.
    const sweeps = createSweepScheduler(renewalDeps, jobs, {
      intervalMs: RENEWAL_SCAN_MS,
      log: app.log,
    });
    handleSweeps(jobs, renewalDeps);
    app.addHook('onReady', async () => sweeps.start());
    // Notices go to every subscription, whichever provider bills it.
    const notices = createNoticeScheduler({ db, clock }, jobs, {
      intervalMs: RENEWAL_SCAN_MS,
      log: app.log,
    });
    handleNotices(jobs, { db, clock, mail: mailQueue, publicOrigin: config.publicOrigin });
    app.addHook('onReady', async () => notices.start());
    // Expired sign-ups, sessions, links, limits and abandoned orders: one job per kind and day.
    const cleanUps = createCleanUpScheduler({ db, clock }, jobs, {
      intervalMs: RENEWAL_SCAN_MS,
      log: app.log,
    });
    handleCleanUps(jobs, { db, clock, machineClock: systemClock, log: app.log });
    app.addHook('onReady', async () => cleanUps.start());
    // Under Stripe in test mode, Stripe's clocks for the shop's customers move with the shop's.
    const stripeClocks = testClocks ? followShopClock({ db, jobs, clock }, testClocks) : null;
    const queueStripeClocks = () =>
      stripeClocks
        ?.queue()
        .catch((error: unknown) => app.log.error({ err: error }, 'queueing test clocks failed'));
    if (stripeClocks) app.addHook('onReady', async () => void queueStripeClocks());
    jobChannel.subscribe((message) => {
      if (message === CLOCK_MOVED)
        clock
          .refresh()
          .catch((error: unknown) => app.log.warn({ err: error }, 'clock refresh failed'));
      else jobs.wake();
    });
    // A moved clock may have made jobs, mail retries and unsettled payments due.
    clock.onChange(() => {
      void queueStripeClocks();
      jobs.wake();
      renewals
        ?.runOnce()
        .catch((error: unknown) => app.log.error({ err: error }, 'scheduling renewals failed'));
      sweeps
        .runOnce()
        .catch((error: unknown) => app.log.error({ err: error }, 'queueing the sweep failed'));
      notices
        .runOnce()
        .catch((error: unknown) => app.log.error({ err: error }, 'scheduling notices failed'));
      cleanUps
        .runOnce()
        .catch((error: unknown) => app.log.error({ err: error }, 'queueing the clean-up failed'));
      mailQueue.wake();
      reconciler
        .runOnce()
        .catch((error: unknown) => app.log.error({ err: error }, 'payment reconciliation failed'));
    });

    // Writes on one instance reach the others through PostgreSQL NOTIFY (a no-op on PGlite: one process).
    const invalidations = await createInvalidationChannel(app, 'customization_changed');
    const customizations = createCustomizationService(db, {
      ttlMs: options.customizationCacheTtlMs ?? CUSTOMIZATION_CACHE_TTL_MS,
      maxEntries: 1_000,
      publishInvalidation: invalidations.publish,
    });
    invalidations.subscribe((shopKey) => customizations.invalidate(shopKey));
    app.decorate('customizations', customizations);
    // Every paid order's receipt: a job its paid statement queued renders it into the outbox.
    handleOrderReceipts(jobs, {
      db,
      mail: mailQueue,
      customizations,
      publicOrigin: config.publicOrigin,
    });
    handleUpgradeReceipts(jobs, { db, mail: mailQueue, publicOrigin: config.publicOrigin });
    app.decorate('operatorToken', options.operatorToken ?? null);
    const stores = openObjectStores(config, db);
    app.decorate('uploadStore', options.uploadStore ?? stores.uploads);
    app.decorate('artifactStore', stores.artifacts);
    app.decorate('releaseRegistry', stores.registry);
    // Big reports, zips and PDFs are read by a job that reports its progress on the upload.
    handleResultReads(jobs, { db, uploadStore: app.uploadStore });

    app.addHook('onClose', async () => {
      renewals?.stop();
      sweeps.stop();
      notices.stop();
      cleanUps.stop();
      await jobs.stop();
      mailQueue.stop();
      reconciler.stop();
      await mailer.close();
      stores.close();
    });
  },
  { name: 'services', dependencies: ['database'] },
);
