import { randomUUID } from 'node:crypto';
import type { RegistryDocument } from '@shop/shared/releases/registry-document';
import {
  applyCanaryEnd,
  applyCanaryStart,
  CANARY_STEPS,
  canarySide,
  nextCanaryStep,
  registryForSides,
  visitorSides,
} from '../../src/releases/canary';

const VISITORS = Array.from({ length: 10_000 }, () => randomUUID());
// Sequential ids too: a weak hash would put neighbours on the same side.
const SEQUENTIAL = Array.from({ length: 10_000 }, (_, i) => `visitor-${i}`);
const RELEASE = 'mf_checkout@1.1.0+b2';

function canaryShare(visitors: readonly string[], releaseKey: string, share: number): number {
  const onCanary = visitors.filter((id) => canarySide(id, releaseKey, share) === 'canary');
  return (onCanary.length / visitors.length) * 100;
}

describe('canary assignment', () => {
  it.each([5, 25, 50])('puts %i %% of 10,000 visitors on the canary, within ±2 %%', (share) => {
    for (const visitors of [VISITORS, SEQUENTIAL]) {
      const measured = canaryShare(visitors, RELEASE, share);
      expect(Math.abs(measured - share)).toBeLessThanOrEqual(2);
    }
  });

  it('gives every visitor at 100 the canary, and keeps each visitor on their side when asked again', () => {
    expect(canaryShare(VISITORS, RELEASE, 100)).toBe(100);
    for (const id of VISITORS.slice(0, 1_000))
      expect(canarySide(id, RELEASE, 25)).toBe(canarySide(id, RELEASE, 25));
  });

  it('moves visitors only from stable to canary as the share steps 5 → 25 → 50 → 100', () => {
    const sides = (share: number) => VISITORS.map((id) => canarySide(id, RELEASE, share));
    let before = sides(CANARY_STEPS[0] as number);
    for (const step of CANARY_STEPS.slice(1)) {
      const after = sides(step);
      before.forEach((side, index) => {
        if (side === 'canary') expect(after[index]).toBe('canary');
      });
      before = after;
    }
    expect(CANARY_STEPS.map((share) => nextCanaryStep(share))).toEqual([25, 50, 100, 100]);
  });

  it('draws a new set of first visitors for another release', () => {
    const first = VISITORS.filter((id) => canarySide(id, RELEASE, 5) === 'canary');
    const again = first.filter((id) => canarySide(id, 'mf_checkout@1.2.0+b3', 5) === 'canary');
    // About 5 % of the first 5 % (25 of 500), far from all of them.
    expect(again.length).toBeLessThan(first.length / 4);
  });
});

describe('the registry a visitor sees', () => {
  const live = (version: string) => ({
    name: 'mf_checkout',
    version,
    manifestUrl: `/remotes/mf_checkout/${version}/mf-manifest.json`,
    contractVersion: '1.0.0',
    areaRoutes: ['/checkout'],
  });
  const doc = (): RegistryDocument => ({
    environment: 'local',
    updatedAt: new Date(0).toISOString(),
    remotes: { mf_checkout: live('1.0.0+b1') },
    history: [],
  });

  it('gives the canary side the canary entry, the stable side the live one, and lists no canary', () => {
    const registry = doc();
    applyCanaryStart(registry, live('1.1.0+b2'), 50, 'ops', new Date('2026-12-07T00:00:00Z'));
    const canaryVisitor = VISITORS.find(
      (id) => visitorSides(registry, id).mf_checkout === 'canary',
    ) as string;
    const stableVisitor = VISITORS.find(
      (id) => visitorSides(registry, id).mf_checkout === 'stable',
    ) as string;
    const seenByCanary = registryForSides(registry, visitorSides(registry, canaryVisitor));
    const seenByStable = registryForSides(registry, visitorSides(registry, stableVisitor));
    expect(seenByCanary.remotes.mf_checkout?.version).toBe('1.1.0+b2');
    expect(seenByStable.remotes.mf_checkout?.version).toBe('1.0.0+b1');
    expect(seenByCanary).not.toHaveProperty('canaries');
    // A visitor without an id yet (a first request) is on stable.
    expect(visitorSides(registry, null).mf_checkout).toBe('stable');

    applyCanaryEnd(registry, 'mf_checkout', new Date('2026-12-07T00:05:00Z'));
    expect(
      registryForSides(registry, visitorSides(registry, canaryVisitor)).remotes.mf_checkout
        ?.version,
    ).toBe('1.0.0+b1');
  });

  it('refuses a canary of a remote that is not live', () => {
    const registry = doc();
    expect(() =>
      applyCanaryStart(
        registry,
        { ...live('1.1.0+b2'), name: 'mf_catalog' },
        5,
        'ops',
        new Date('2026-12-07T00:00:00Z'),
      ),
    ).toThrow(/not live yet/);
  });
});
