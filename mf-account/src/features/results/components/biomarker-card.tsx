import { Suspense, useId } from 'react';
import { lazyPage } from '@shop/shared/federation/lazy-page';
import type { Biomarker, BiomarkerExplanation } from '@shop/shared/contract/results';
import {
  changeSincePrevious,
  chartPoints,
  FLAG_WORDS,
  formatDate,
  isCritical,
  latestPoint,
  latestValueWords,
} from '../model/result-text';
import { labWordsBeside } from '../model/unit-choice';
import { FlagBadge } from './flag-badge';
import { RangeBar } from './range-bar';
import { TrendTable } from './trend-table';
import { useNearViewport } from '../hooks/use-near-viewport';

// The chart is its own chunk, fetched when the first card with a trend renders: no other page
// carries chart code. The server preloads it, so the page's first view draws every chart.
const TrendChart = lazyPage(
  () => import(/* webpackChunkName: "trend-chart" */ './trend-chart'),
  'TrendChart',
);

const CHANGE_ARROWS = { up: '↑', down: '↓', same: '→' } as const;

export function BiomarkerCard({
  biomarker,
  explanation,
  disclaimer,
  trendAtOnce = false,
}: {
  biomarker: Biomarker;
  explanation: BiomarkerExplanation | undefined;
  disclaimer: string | undefined;
  /** Draws the trend in the first render (the server's too) rather than when it nears the screen. */
  trendAtOnce?: boolean;
}) {
  const titleId = useId();
  const latest = latestPoint(biomarker);
  const change = changeSincePrevious(biomarker);
  const drawn = chartPoints(biomarker).length >= 2;
  const labWords = labWordsBeside(latest, biomarker.unit);
  const trend = useNearViewport<HTMLDivElement>(trendAtOnce);

  return (
    <li className="res-card" aria-labelledby={titleId} data-biomarker={biomarker.key}>
      <div className="res-card-head">
        <h3 id={titleId}>{biomarker.name}</h3>
        <FlagBadge flag={latest.flag} />
      </div>
      <div className="res-card-body">
        <div>
          <p className="res-value">
            <span className="res-value-number">{latestValueWords(biomarker)}</span>
            {labWords && <span className="res-lab">Lab reported {labWords}</span>}
            <span className="acc-muted">
              on <time dateTime={latest.collectedAt}>{formatDate(latest.collectedAt)}</time>
            </span>
          </p>
          <RangeBar biomarker={biomarker} />
          {change && (
            <p className="res-change" data-direction={change.direction}>
              <span aria-hidden="true">{CHANGE_ARROWS[change.direction]}</span>
              {change.words}
            </p>
          )}
          {isCritical(latest.flag) && (
            <p className="res-critical">
              <strong>{FLAG_WORDS[latest.flag!]}.</strong> The lab marked this value as critical.
              Please contact a doctor about it today; if you feel unwell, call emergency services.
            </p>
          )}
          {explanation && (
            <details className="res-explain">
              <summary>What {biomarker.name} means</summary>
              <dl>
                <dt>What it measures</dt>
                <dd>{explanation.measures}</dd>
                <dt>When it is high</dt>
                <dd>{explanation.high}</dd>
                <dt>When it is low</dt>
                <dd>{explanation.low}</dd>
                <dt>When to talk to a doctor</dt>
                <dd>{explanation.doctor}</dd>
              </dl>
              {disclaimer && <p className="res-disclaimer acc-muted">{disclaimer}</p>}
            </details>
          )}
        </div>
        <div className="res-trend" ref={trend.ref}>
          {trend.near ? (
            <>
              {drawn && (
                <Suspense fallback={<div className="res-chart" aria-hidden="true" />}>
                  <TrendChart biomarker={biomarker} />
                </Suspense>
              )}
              <TrendTable biomarker={biomarker} />
            </>
          ) : (
            // Keeps the card's height while its trend waits, so nothing below it moves.
            <div className="res-chart" aria-hidden="true" />
          )}
        </div>
      </div>
    </li>
  );
}
