import type { Transaction } from 'kysely';
import type { Database, DB } from '../schema';
import { addCalendarSteps } from '../../lib/calendar';
import { upsertCustomization } from '../../repositories/customizations-repository';
import { insertMissingCatalogContent } from '../../repositories/catalog-content-repository';
import { catalogContentDocuments } from './catalog-content';
import { checkCatalogFile } from '../../repositories/catalog-file';
import { applyCatalog } from '../../repositories/catalog-import-repository';
import { DEMO_CATALOG_FILE } from './demo-catalog';
import {
  DEMO_CUSTOMIZATIONS,
  DEMO_DISCOUNTS,
  DEMO_LEGACY_USER,
  DEMO_USER,
} from './demo-partners-and-discounts';

export interface SeedOptions {
  hashPassword(password: string): Promise<string>;
}

/**
 * Demo data for a fresh shop. Idempotent: every insert skips rows that exist, so it runs on
 * every start and never overwrites what an operator changed. The catalogue goes in through the
 * importer of `shop catalog import`, adding only what is missing.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<void> {
  const checked = checkCatalogFile(DEMO_CATALOG_FILE);
  if (!checked.ok)
    throw new Error(`The demo catalogue is invalid:\n${checked.problems.join('\n')}`);
  const demoCatalog = checked.catalog;
  const demoUserExists = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_USER.email)
    .executeTakeFirst();
  const demoPasswordHash = demoUserExists ? null : await options.hashPassword(DEMO_USER.password);

  await db.transaction().execute(async (trx) => {
    await applyCatalog(trx, demoCatalog, 'add-missing');
    for (const discount of DEMO_DISCOUNTS) {
      await trx
        .insertInto('discounts')
        .values({
          code: discount.code,
          kind: discount.kind,
          percent_off: discount.percentOff ?? null,
          amount_off_cents: discount.amountOff ?? null,
          business_key: discount.businessKey ?? null,
          expires_at: discount.expiresAt ?? null,
          min_subtotal_cents: discount.minSubtotal ?? null,
          allowed_emails: discount.allowedEmails ? JSON.stringify(discount.allowedEmails) : null,
          product_lookup_keys: discount.productLookupKeys
            ? JSON.stringify(discount.productLookupKeys)
            : null,
          once_per_customer: discount.oncePerCustomer ?? false,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    }
    for (const [shopKey, customization] of Object.entries(DEMO_CUSTOMIZATIONS)) {
      const exists = await trx
        .selectFrom('partner_customizations')
        .select('shop_key')
        .where('shop_key', '=', shopKey)
        .executeTakeFirst();
      if (!exists) await upsertCustomization(trx, shopKey, customization);
    }

    await insertMissingCatalogContent(trx, catalogContentDocuments());

    await trx
      .insertInto('users')
      .values({
        email: DEMO_LEGACY_USER.email,
        name: DEMO_LEGACY_USER.name,
        password_hash: null,
        legacy_store: true,
        shopify_id: 'shopify-legacy-1001',
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();

    if (demoPasswordHash) await seedDemoUser(trx, demoPasswordHash);
  });
}

/** The demo shopper: a saved card, an address, a quarterly subscription and a balance. */
async function seedDemoUser(trx: Transaction<DB>, passwordHash: string): Promise<void> {
  const user = await trx
    .insertInto('users')
    .values({
      email: DEMO_USER.email,
      name: DEMO_USER.name,
      password_hash: passwordHash,
      shopify_id: 'shopify-demo-1000',
      balance_cents: 2_500,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!user) return;
  await trx
    .insertInto('shipping_addresses')
    .values({
      user_id: user.id,
      name: DEMO_USER.name,
      line1: '1 Main Street',
      line2: null,
      city: 'Brooklyn',
      state: 'NY',
      postal_code: '11201',
      country: 'US',
    })
    .execute();
  const customerId = 'cus_demo_shopper';
  await trx
    .insertInto('payment_customers')
    .values({ id: customerId, user_id: user.id, email: DEMO_USER.email, name: DEMO_USER.name })
    .execute();
  await trx
    .insertInto('payment_methods')
    .values({
      id: 'pm_demo_visa_4242',
      customer_id: customerId,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 4,
      test_behaviour: 'succeed',
      is_default: true,
    })
    .execute();
  const start = new Date();
  const end = addCalendarSteps(start, 'month', 3);
  await trx
    .insertInto('payment_subscriptions')
    .values({
      id: 'sub_demo_quarterly',
      user_id: user.id,
      customer_id: customerId,
      price_id: 'price_bloodwise_quarterly',
      payment_method_id: 'pm_demo_visa_4242',
      quantity: 1,
      status: 'active',
      current_period_start: start,
      current_period_end: end,
      billing_anchor: start,
    })
    .execute();
}
