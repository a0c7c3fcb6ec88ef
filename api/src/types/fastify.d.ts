import type { AppConfig } from '../config/config';
import type { Database } from '../db/schema';
import type { DatabaseKind, DatabasePoolUsage } from '../db/open-database';
import type { UserRow } from '../db/schema';
import type { PaymentProvider } from '../services/payments/payment-provider';
import type { SubscriptionBilling } from '../services/subscriptions/subscription-billing';
import type { CatalogPriceSource } from '../services/catalog/provider-prices';
import type { Mailer } from '../services/mail/mailer';
import type { MailQueue } from '../services/mail/mail-queue';
import type { ShopClock } from '../services/clock/shop-clock';
import type { JobQueue } from '../services/jobs/job-queue';
import type { SubscriptionStarts } from '../services/subscriptions/start-subscriptions';
import type { SubscriptionBilling } from '../services/subscriptions/subscription-billing';
import type { PaymentReconciler } from '../services/payments/reconcile-payments';
import type { PasswordHasher } from '../services/account/password-hasher';
import type { CustomizationService } from '../services/partners/customization-service';
import type { SessionManager } from '../plugins/app/auth';
import type { DeviceCookies } from '../services/account/device-cookies';
import type { UploadStore } from '../services/results/upload-store';
import type { ArtifactStore } from '../releases/artifact-store';
import type { ReleaseRegistry } from '../releases/registry';
import type { AuditActor } from '../repositories/audit-log-repository';
import type { FastifyReply, FastifyRequest as Request } from 'fastify';
import type { Registry } from 'prom-client';
import type { DrainState } from '../plugins/infrastructure/drain';
import type { RefundMails } from '../services/orders/refund-mails';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    databaseKind: DatabaseKind;
    /** The PostgreSQL pool's connections; null on PGlite. */
    databasePoolUsage: (() => DatabasePoolUsage) | null;
    passwords: PasswordHasher;
    paymentProvider: PaymentProvider;
    /** Who bills subscriptions' cycles: the shop's renewal job, or Stripe Billing mirrored from our record. */
    subscriptionBilling: SubscriptionBilling;
    /** The catalogue's prices: our table, or the provider's prices laid over it (Stripe). */
    catalogPrices: CatalogPriceSource;
    mailer: Mailer;
    /** Queue mail here from request handlers: delivery happens after the response. */
    mailQueue: MailQueue;
    /** The one clock of business time (due jobs, retries, reconciliation); movable outside production. */
    clock: ShopClock;
    /** The job queue and this instance's runner. */
    jobs: JobQueue;
    /** Writes the subscriptions a paid order bought and queues their start. */
    subscriptionStarts: SubscriptionStarts;
    /** Queues the mail of a refund in the transaction that records it. */
    refundMails: RefundMails;
    /** Who bills subscription cycles: the shop's own job, or the provider (Stripe Billing). */
    subscriptionBilling: SubscriptionBilling;
    /** Finishes payments left unsettled; tests call runOnce. */
    paymentReconciler: PaymentReconciler;
    customizations: CustomizationService;
    /** Uploaded lab reports' bytes (their rows are in result_uploads). */
    uploadStore: UploadStore;
    /** Every stored version of every remote (the directory store, or the bucket's remotes/). */
    artifactStore: ArtifactStore;
    /** This environment's registry: the file beside the directory store, or the database row. */
    releaseRegistry: ReleaseRegistry;
    sessions: SessionManager;
    /** Log-in device cookies: a browser that logged in to an account keeps its own allowance. */
    deviceCookies: DeviceCookies;
    /** The local CLI's operator credential (the token file's token); null when none was issued. */
    operatorToken: string | null;
    /** Set when this instance begins to stop: /readyz then fails so load balancers move away. */
    drain: DrainState;
    /** This instance's Prometheus registry; null unless METRICS_TOKEN is set. */
    metricsRegistry: Registry | null;
    /** onRequest/preHandler hook: 401 unless a live session is attached. */
    authenticate: (request: Request, reply: FastifyReply) => Promise<void>;
    /** Lets the site plugin answer unknown GET/HEAD paths outside the API prefixes (SPA deep links). */
    setSiteFallback: (handler: (request: Request, reply: FastifyReply) => unknown) => void;
  }

  interface FastifyRequest {
    /** The logged-in user, loaded for routes whose config sets `auth`. */
    user: UserRow | null;
    /** The operator behind a request to the operator API (set by its guard). */
    operator: AuditActor | null;
  }

  interface FastifyContextConfig {
    /** 'required': 401 without a session; 'optional': load the user when there is one. */
    auth?: 'required' | 'optional';
    /** The answer is for this visitor alone: sent as `cache-control: private, no-store`. */
    privateResponse?: boolean;
  }
}
