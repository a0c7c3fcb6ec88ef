import {
  customizationInputSchema,
  customizationSchema,
  shopKeySchema,
  type Customization,
  type CustomizationInput,
} from '@shop/shared/contract/customization';
import { sql } from 'kysely';
import type { Executor } from '../db/schema';

export class CustomizationValidationError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(
      `Invalid customization: ${Object.entries(fields)
        .map(([path, message]) => `${path}: ${message}`)
        .join('; ')}`,
    );
    this.name = 'CustomizationValidationError';
  }
}

function rowToCustomization(row: {
  shop_key: string;
  data: Record<string, unknown>;
  updated_at: Date;
}): Customization {
  // Stored data was validated on write; parsing again fills defaults added since.
  return customizationSchema.parse({
    ...row.data,
    shopKey: row.shop_key,
    updatedAt: row.updated_at.toISOString(),
  });
}

export async function findCustomization(
  db: Executor,
  shopKey: string,
): Promise<Customization | null> {
  const row = await db
    .selectFrom('partner_customizations')
    .select(['shop_key', 'data', 'updated_at'])
    .where('shop_key', '=', shopKey)
    .executeTakeFirst();
  return row ? rowToCustomization(row) : null;
}

export async function listCustomizations(db: Executor): Promise<Customization[]> {
  const rows = await db
    .selectFrom('partner_customizations')
    .select(['shop_key', 'data', 'updated_at'])
    .orderBy('shop_key')
    .execute();
  return rows.map(rowToCustomization);
}

/**
 * The one write path for partner customizations (API, CLI and seed all use it): the input is
 * validated against the contract, so colours are colours and links are http(s) URLs.
 */
export async function upsertCustomization(
  db: Executor,
  shopKey: string,
  input: unknown,
): Promise<Customization> {
  const key = shopKeySchema.safeParse(shopKey);
  const parsed = customizationInputSchema.safeParse(input);
  if (!key.success || !parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of key.error?.issues ?? []) fields.shopKey = issue.message;
    for (const issue of parsed.error?.issues ?? [])
      fields[issue.path.join('.') || '(root)'] = issue.message;
    throw new CustomizationValidationError(fields);
  }
  const data = JSON.stringify(parsed.data);
  const row = await db
    .insertInto('partner_customizations')
    .values({ shop_key: key.data, data })
    .onConflict((oc) =>
      oc.column('shop_key').doUpdateSet({
        data,
        version: sql`partner_customizations.version + 1`,
        updated_at: new Date(),
      }),
    )
    .returning(['shop_key', 'data', 'updated_at'])
    .executeTakeFirstOrThrow();
  return rowToCustomization(row);
}

export type { CustomizationInput };
