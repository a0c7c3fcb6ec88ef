// Whether a canary is worse than the stable version of its area, from the field figures of each
// side over the same window: the rule the automatic abort applies (docs/decisions/canary-assignment.md).

/** One side's figures: page views, page views with a browser error, and INP's 75th percentile. */
export interface SideHealth {
  pageViews: number;
  errorViews: number;
  inpSamples: number;
  /** null without INP samples. */
  inpP75Ms: number | null;
}

export interface CanaryHealthRules {
  /** Page views each side needs before its error rate is compared. */
  minPageViews: number;
  /** Errors the canary needs: one unlucky error never aborts a release. */
  minCanaryErrors: number;
  /** One-sided z of the two-proportion test (2.33: 1 % chance of a false alarm per look). */
  errorZ: number;
  /** How much higher the canary's error rate must be, besides significant (0.005: half a point). */
  errorRateMargin: number;
  minInpSamples: number;
  /** INP p75 worse by more than both of these: milliseconds, and a share of the stable p75. */
  inpMarginMs: number;
  inpMarginRatio: number;
}

export const DEFAULT_CANARY_HEALTH_RULES: CanaryHealthRules = {
  minPageViews: 500,
  minCanaryErrors: 5,
  errorZ: 2.33,
  errorRateMargin: 0.005,
  minInpSamples: 100,
  inpMarginMs: 50,
  inpMarginRatio: 0.2,
};

export interface CanaryVerdict {
  abort: boolean;
  /** Why, in words with the figures, for the audit row, the mail and the console. */
  reasons: string[];
  errorRate: { canary: number; stable: number; z: number | null; compared: boolean };
  inp: { canaryP75Ms: number | null; stableP75Ms: number | null; compared: boolean };
}

const rate = (side: SideHealth) => (side.pageViews > 0 ? side.errorViews / side.pageViews : 0);

/** z of "the canary's error rate is higher", with the pooled proportion; null when undefined. */
function twoProportionZ(canary: SideHealth, stable: SideHealth): number | null {
  const pooled = (canary.errorViews + stable.errorViews) / (canary.pageViews + stable.pageViews);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / canary.pageViews + 1 / stable.pageViews));
  return se > 0 ? (rate(canary) - rate(stable)) / se : null;
}

const percent = (value: number) => `${(value * 100).toFixed(2)} %`;

export function compareCanaryHealth(
  canary: SideHealth,
  stable: SideHealth,
  rules: CanaryHealthRules = DEFAULT_CANARY_HEALTH_RULES,
): CanaryVerdict {
  const reasons: string[] = [];
  const errorsCompared =
    canary.pageViews >= rules.minPageViews &&
    stable.pageViews >= rules.minPageViews &&
    canary.errorViews >= rules.minCanaryErrors;
  const z = errorsCompared ? twoProportionZ(canary, stable) : null;
  if (z !== null && z >= rules.errorZ && rate(canary) - rate(stable) > rules.errorRateMargin)
    reasons.push(
      `error rate ${percent(rate(canary))} on the canary (${canary.errorViews} of ${canary.pageViews} page views) against ${percent(rate(stable))} on stable (${stable.errorViews} of ${stable.pageViews}), z = ${z.toFixed(2)}`,
    );

  const inpCompared =
    canary.inpSamples >= rules.minInpSamples &&
    stable.inpSamples >= rules.minInpSamples &&
    canary.inpP75Ms !== null &&
    stable.inpP75Ms !== null;
  if (inpCompared) {
    const worse = (canary.inpP75Ms as number) - (stable.inpP75Ms as number);
    if (worse > rules.inpMarginMs && worse > (stable.inpP75Ms as number) * rules.inpMarginRatio)
      reasons.push(
        `INP p75 ${canary.inpP75Ms} ms on the canary (${canary.inpSamples} samples) against ${stable.inpP75Ms} ms on stable (${stable.inpSamples})`,
      );
  }
  return {
    abort: reasons.length > 0,
    reasons,
    errorRate: { canary: rate(canary), stable: rate(stable), z, compared: errorsCompared },
    inp: {
      canaryP75Ms: canary.inpP75Ms,
      stableP75Ms: stable.inpP75Ms,
      compared: inpCompared,
    },
  };
}
