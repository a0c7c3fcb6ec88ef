import { z } from 'zod';
import { safeString } from './text';
import { okSchema } from './common';
import { isHealthDataRoute } from '../rules/private-routes';
import { FIELD_DATA_AREAS, VITAL_MAX, VITAL_RATINGS, WEB_VITAL_NAMES } from '../rules/web-vitals';

/** POST /impact/log-page-view, sent with `Authorization: Bearer <page-view token>` on every route change. */
export const logPageViewBodySchema = z.object({
  url: safeString().min(1).max(2048),
  ip: z.null(),
  referringUrl: safeString().max(2048).nullable(),
  userAgent: safeString().max(1000).nullable(),
  sessionId: safeString().max(100).nullable(),
});
export type LogPageViewBody = z.infer<typeof logPageViewBodySchema>;
export const logPageViewResponseSchema = okSchema;

/** web-vitals' navigation types: how the page load that measured a value began. */
export const NAVIGATION_TYPES = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
  'soft-navigation',
] as const;

export const webVitalSampleSchema = z
  .object({
    name: z.enum(WEB_VITAL_NAMES),
    value: z.number().min(0),
    rating: z.enum(VITAL_RATINGS),
    navigationType: z.enum(NAVIGATION_TYPES),
  })
  .superRefine((sample, ctx) => {
    if (sample.value > VITAL_MAX[sample.name])
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `A ${sample.name} value is at most ${VITAL_MAX[sample.name]}`,
      });
  });
export type WebVitalSample = z.infer<typeof webVitalSampleSchema>;

/**
 * POST /impact/log-web-vitals, with the page-view bearer token, from a sampled share of page loads:
 * the landing page's route pattern and area, and its LCP, INP and CLS. visitId is random per page
 * load and stored nowhere in the browser, so no measurement links to a visitor or another visit.
 */
export const logWebVitalsBodySchema = z.object({
  visitId: z.uuid(),
  route: safeString()
    .min(1)
    .max(2048)
    .refine((route) => !isHealthDataRoute(route), 'Results pages send no field data'),
  area: z.enum(FIELD_DATA_AREAS),
  metrics: z.array(webVitalSampleSchema).min(1).max(12),
});
export type LogWebVitalsBody = z.infer<typeof logWebVitalsBodySchema>;
