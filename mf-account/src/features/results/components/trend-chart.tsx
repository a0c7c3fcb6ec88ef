// A biomarker's trend as SVG: the reference band behind, then the line and its points. Loaded only
// by the results page, in its own chunk (see docs/decisions/results-charts.md). Values that are
// text or in a unit that could not be converted are left off the line; the table lists them.
import { useLayoutEffect, useRef, useState } from 'react';
import type { Biomarker } from '@shop/shared/contract/results';
import { displayUnit } from '@shop/shared/results/unit-display';
import {
  chartPoints,
  flagTone,
  FLAG_WORDS,
  formatDate,
  formatNumber,
  formatShortDate,
  rangeWords,
  withUnit,
} from '../model/result-text';

const HEIGHT = 180;
/** What a chart is drawn for before its box is measured (a phone's card is about this wide). */
const UNMEASURED_WIDTH = 320;
const PAD = { top: 24, right: 14, bottom: 28, left: 44 };
const TONE_COLOURS = { ok: '#0f6e69', warn: '#b54708', critical: '#b42318', plain: '#4a5f63' };

/** Round tick steps (1, 2, 2.5, 5 × 10ⁿ) so the axis reads 100, 150, 200. */
function ticks(min: number, max: number, count = 4): number[] {
  const raw = (max - min) / count || 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= raw) ?? 10) * power;
  const first = Math.ceil(min / step) * step;
  const values: number[] = [];
  for (let tick = first; tick <= max + step / 1e6; tick += step) values.push(tick);
  return values;
}

/**
 * The width it is given, so text keeps its size on a phone and on a wide screen; null until
 * measured (on the server, the drawing scales into its box instead, at the same height).
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setMeasured(Math.max(240, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, measured] as const;
}

// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function TrendChart({ biomarker }: { biomarker: Biomarker }) {
  const [ref, measured] = useWidth();
  const width = measured ?? UNMEASURED_WIDTH;
  const points = chartPoints(biomarker);
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;

  const range = last.range;
  const values = points.map((point) => point.value);
  const edges = [range?.low, range?.high].filter((edge): edge is number => edge != null);
  // A one-sided range ("under 100") gets room past its bound, so the band reads as a band.
  const high = range?.high ?? null;
  const low = range?.low ?? null;
  const room = [
    high !== null && low === null ? Math.max(0, high - (Math.max(...values) - high) / 2) : null,
    low !== null && high === null ? low + (low - Math.min(...values)) / 2 : null,
  ].filter((edge): edge is number => edge !== null);
  const rawMin = Math.min(...values, ...edges, ...room);
  const rawMax = Math.max(...values, ...edges, ...room);
  const margin = (rawMax - rawMin) * 0.12 || Math.abs(rawMax) * 0.1 || 1;
  const min = rawMin >= 0 && rawMin - margin < 0 ? 0 : rawMin - margin;
  const max = rawMax + margin;
  const times = points.map((point) => Date.parse(point.collectedAt));
  const start = Math.min(...times);
  const end = Math.max(...times);
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (time: number) =>
    PAD.left + (end === start ? plotWidth / 2 : ((time - start) / (end - start)) * plotWidth);
  const y = (value: number) => PAD.top + (1 - (value - min) / (max - min)) * plotHeight;
  const bandTop = y(Math.min(range?.high ?? max, max));
  const bandBottom = y(Math.max(range?.low ?? min, min));
  const band = range && edges.length > 0 ? { top: bandTop, height: bandBottom - bandTop } : null;
  const unit = biomarker.unit ? ` ${displayUnit(biomarker.unit)}` : '';
  const rangeText = rangeWords(range);

  const summary =
    `${biomarker.name} over time: ${points.length} readings from ${formatDate(first.collectedAt)} ` +
    `to ${formatDate(last.collectedAt)}, from ${withUnit(first.value, biomarker.unit)} to ` +
    `${withUnit(last.value, biomarker.unit)}` +
    (rangeText ? `; the shaded band is the reference range, ${rangeText}${unit}` : '') +
    '. The table lists every value.';

  return (
    <div ref={ref} className="res-chart" data-chart={biomarker.key}>
      <svg
        width={measured ?? '100%'}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={summary}
      >
        {band && (
          <rect
            data-band=""
            x={PAD.left}
            y={band.top}
            width={plotWidth}
            height={Math.max(band.height, 1)}
            fill="#d7f0e8"
          />
        )}
        {biomarker.unit && (
          <text data-axis-unit="" x={4} y={12} fontSize="12" fontWeight="600" fill="#4a5f63">
            {displayUnit(biomarker.unit)}
          </text>
        )}
        {ticks(min, max).map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#dcebeb" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="12" fill="#4a5f63">
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        <polyline
          data-line=""
          fill="none"
          stroke="#12343b"
          strokeWidth="2"
          strokeLinejoin="round"
          points={points.map((point, index) => `${x(times[index]!)},${y(point.value)}`).join(' ')}
        />
        {points.map((point, index) => (
          <circle
            key={point.readingId}
            data-point=""
            cx={x(times[index]!)}
            cy={y(point.value)}
            r="4.5"
            fill={TONE_COLOURS[flagTone(point.flag)]}
            stroke="#fff"
            strokeWidth="1.5"
          >
            <title>
              {`${formatDate(point.collectedAt)}: ${withUnit(point.value, biomarker.unit)}, ${FLAG_WORDS[point.flag ?? 'none'].toLowerCase()}`}
            </title>
          </circle>
        ))}
        {[...new Set(end === start ? [start] : [start, end])].map((time) => (
          <text
            key={time}
            x={x(time)}
            y={HEIGHT - 8}
            textAnchor={end === start ? 'middle' : time === start ? 'start' : 'end'}
            fontSize="12"
            fill="#4a5f63"
          >
            {formatShortDate(new Date(time).toISOString())}
          </text>
        ))}
      </svg>
    </div>
  );
}
