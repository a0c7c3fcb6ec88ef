import type { Biomarker } from '@shop/shared/contract/results';
import { FLAG_WORDS, formatDate, withUnit } from '../model/result-text';
import { labWordsBeside } from '../model/unit-choice';

/** Every reading as numbers, newest first: for screen readers and for anyone who prefers a table. */
export function TrendTable({ biomarker }: { biomarker: Biomarker }) {
  const rows = [...biomarker.points].reverse();
  const offChart = rows.some((point) => point.value === null);
  return (
    <>
      <table className="res-table">
        <caption>{biomarker.name}: every reading, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Value</th>
            <th scope="col">Flag</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((point) => (
            <tr key={point.readingId}>
              <td>
                <time dateTime={point.collectedAt}>{formatDate(point.collectedAt)}</time>
              </td>
              <td className="res-num">
                {point.value === null ? (
                  <>
                    {point.asWritten}
                    <span aria-hidden="true">*</span>
                    <span className="acc-sr-only"> (not on the chart)</span>
                  </>
                ) : (
                  <>
                    {withUnit(point.value, biomarker.unit)}
                    {labWordsBeside(point, biomarker.unit) && (
                      <span className="res-lab-cell">
                        lab: {labWordsBeside(point, biomarker.unit)}
                      </span>
                    )}
                  </>
                )}
              </td>
              <td>{FLAG_WORDS[point.flag ?? 'none']}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {offChart && (
        <p className="res-note acc-muted" aria-hidden="true">
          * As the lab wrote it: a text value or a unit that cannot be converted, so it is not on
          the chart.
        </p>
      )}
    </>
  );
}
