import type { Biomarker } from '@shop/shared/contract/results';
import { displayUnit } from '@shop/shared/results/unit-display';
import {
  boundWords,
  flagTone,
  latestPoint,
  rangeBarWords,
  rangeScale,
  rangeWords,
} from '../model/result-text';

/**
 * Places the latest value in its reference range: the band is the range, the marker the value.
 * The bar is one image whose name says the same in words ("5.2 mmol/L, range 4.0–5.6, high").
 */
export function RangeBar({ biomarker }: { biomarker: Biomarker }) {
  const point = latestPoint(biomarker);
  const scale = point.value !== null && point.range ? rangeScale(point.value, point.range) : null;
  const range = rangeWords(point.range);
  // Bounds are in the biomarker's unit; a lab's text range carries its own words.
  const hasBounds = point.range !== null && (point.range.low !== null || point.range.high !== null);
  const unitOfBounds = hasBounds && biomarker.unit ? ` ${displayUnit(biomarker.unit)}` : '';
  // The bounds' numbers under the band's edges, as the range's words print them; the bar's name
  // already says them in words.
  const bounds = point.range ? boundWords(point.range) : null;
  const edges = [
    { side: 'low', at: scale?.low ?? null, words: bounds?.low ?? null },
    { side: 'high', at: scale?.high ?? null, words: bounds?.high ?? null },
  ].filter((edge) => edge.at !== null && edge.words !== null);
  return (
    <>
      {scale && (
        <div className="res-bar" role="img" aria-label={rangeBarWords(biomarker)}>
          <span
            className="res-bar-band"
            style={{ left: `${scale.low ?? 0}%`, right: `${100 - (scale.high ?? 100)}%` }}
          />
          <span
            className="res-bar-marker"
            data-tone={flagTone(point.flag)}
            style={{ left: `${scale.value}%` }}
          />
        </div>
      )}
      {edges.length > 0 && (
        <div className="res-bar-scale" aria-hidden="true">
          {edges.map((edge) => (
            <span key={edge.side} data-edge={edge.side} style={{ left: `${edge.at}%` }}>
              {edge.words}
            </span>
          ))}
        </div>
      )}
      <p className="res-range acc-muted">
        {range ? `Reference range: ${range}${unitOfBounds}` : 'The lab gave no reference range'}
        {/* Without a bar, its words are still there for screen readers. */}
        {!scale && <span className="acc-sr-only">. {rangeBarWords(biomarker)}</span>}
      </p>
    </>
  );
}
