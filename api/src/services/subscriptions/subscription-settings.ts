// How dunning ends and when reminders go out: operator settings read at the moment they are used,
// so a change applies to the next retry or notice without a restart. A missing or unreadable
// value (written by an older version, edited by hand) falls back to the defaults.
import {
  dunningSettingsSchema,
  noticeSettingsSchema,
  type DunningSettings,
  type NoticeSettings,
  type SubscriptionSettings,
} from '@shop/shared/contract/ops';
import type { Executor } from '../../db/schema';
import { readShopSetting, writeShopSetting } from '../../repositories/shop-settings-repository';

export const DUNNING_SETTING_KEY = 'subscriptions.dunning';
export const NOTICES_SETTING_KEY = 'subscriptions.notices';

/** Four tries over two weeks after the first decline, then the subscription is cancelled. */
export const DEFAULT_DUNNING: DunningSettings = { endAction: 'cancel', retryDays: [1, 3, 7, 14] };
/** The renewal reminder goes out three days ahead. */
export const DEFAULT_NOTICES: NoticeSettings = { reminderDays: 3 };

export async function readDunningSettings(db: Executor): Promise<DunningSettings> {
  const parsed = dunningSettingsSchema.safeParse(await readShopSetting(db, DUNNING_SETTING_KEY));
  return parsed.success ? parsed.data : DEFAULT_DUNNING;
}

export async function readNoticeSettings(db: Executor): Promise<NoticeSettings> {
  const parsed = noticeSettingsSchema.safeParse(await readShopSetting(db, NOTICES_SETTING_KEY));
  return parsed.success ? parsed.data : DEFAULT_NOTICES;
}

export async function readSubscriptionSettings(db: Executor): Promise<SubscriptionSettings> {
  const [dunning, notices] = await Promise.all([readDunningSettings(db), readNoticeSettings(db)]);
  return { dunning, notices };
}

/** Stores both settings (already validated by the contract). */
export async function writeSubscriptionSettings(
  db: Executor,
  settings: SubscriptionSettings,
  now: Date,
): Promise<void> {
  await writeShopSetting(db, DUNNING_SETTING_KEY, settings.dunning, now);
  await writeShopSetting(db, NOTICES_SETTING_KEY, settings.notices, now);
}
