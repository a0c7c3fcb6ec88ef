import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { safeString } from './text';

// Kits: the records a paid kit becomes, their timeline, and activation by the person who takes
// the sample. The API answers these shapes; mf-account reads them.

/** A kit's life, in order; `rejected` can follow any state from `sample_sent` on. */
export const KIT_STATES = [
  'created',
  'shipped',
  'delivered',
  'activated',
  'sample_sent',
  'received',
  'resulted',
  'released',
  'rejected',
] as const;
export const kitStateSchema = z.enum(KIT_STATES);
export type KitState = z.infer<typeof kitStateSchema>;

export const KIT_REJECTION_REASONS = ['insufficient', 'haemolysed', 'too_old'] as const;
export const kitRejectionReasonSchema = z.enum(KIT_REJECTION_REASONS);
export type KitRejectionReason = z.infer<typeof kitRejectionReasonSchema>;

export const KIT_EVENT_SOURCES = ['system', 'operator', 'carrier', 'lab', 'customer'] as const;
export const kitEventSourceSchema = z.enum(KIT_EVENT_SOURCES);
export type KitEventSource = z.infer<typeof kitEventSourceSchema>;

export const SAMPLE_TAKERS = ['self', 'household'] as const;
export const SEXES_AT_BIRTH = ['female', 'male', 'intersex'] as const;

/** A calendar date as written (YYYY-MM-DD), a real day of the Gregorian calendar. */
export const calendarDateSchema = safeString()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD')
  .refine((value) => {
    const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCDate() === day && date.getUTCMonth() === month - 1;
  }, 'Not a date on the calendar')
  .refine((value) => value >= '1900-01-01', 'Too long ago')
  .describe('Calendar date YYYY-MM-DD, kept as written');

export const activateKitBodySchema = z
  .object({
    code: safeString().trim().min(1).max(40).describe('The kit ID as typed or scanned'),
    sampleTaker: z.enum(SAMPLE_TAKERS),
    name: safeString().trim().min(1, 'Enter the name of the person taking the sample').max(120),
    dateOfBirth: calendarDateSchema,
    sexAtBirth: z.enum(SEXES_AT_BIRTH),
    consentLabTest: z.literal(true, { message: 'The lab needs this authorisation' }),
    consentResultsRelease: z.literal(true, { message: 'We need this to show you the results' }),
    sampleTakenOn: calendarDateSchema,
  })
  .strict();
export type ActivateKitBody = z.infer<typeof activateKitBodySchema>;

export const kitEventViewSchema = z.object({
  state: kitStateSchema,
  source: kitEventSourceSchema,
  at: isoDateTimeSchema,
  /** Plain words for the timeline (a tracking number, a rejection reason), never a result. */
  note: safeString().nullable(),
  /** The carrier's tracking page, on a shipped kit's event. */
  trackingUrl: safeString().nullable(),
});
export type KitEventView = z.infer<typeof kitEventViewSchema>;

/** What the customer should do next with the kit, if anything. */
export const KIT_NEXT_STEPS = [
  'wait_for_delivery',
  'activate',
  'send_sample',
  'wait',
  'view_results',
] as const;
export const kitNextStepSchema = z.enum(KIT_NEXT_STEPS).nullable();
export type KitNextStep = z.infer<typeof kitNextStepSchema>;

export const kitViewSchema = z.object({
  id: safeString(),
  /** Canonical, 11 symbols; print with formatKitCode. */
  code: safeString(),
  title: safeString(),
  state: kitStateSchema,
  rejectionReason: kitRejectionReasonSchema.nullable(),
  /** Set on the free kit sent after a rejected sample. */
  replacesKitId: safeString().nullable(),
  sampleTaker: z.enum(SAMPLE_TAKERS).nullable(),
  subjectName: safeString().nullable(),
  sampleTakenOn: safeString().nullable(),
  createdAt: isoDateTimeSchema,
  nextStep: kitNextStepSchema,
  events: z.array(kitEventViewSchema),
});
export type KitView = z.infer<typeof kitViewSchema>;

export const kitListSchema = z.object({
  kits: z.array(kitViewSchema),
  /** A kit ID typed at sign-up whose activation is not finished: /activate offers it. */
  pendingCode: safeString().nullable(),
});
export type KitList = z.infer<typeof kitListSchema>;

export const activateKitResultSchema = z.object({ kit: kitViewSchema });
export type ActivateKitResult = z.infer<typeof activateKitResultSchema>;

export const kitParamsSchema = z.object({ id: safeString().max(64) });
