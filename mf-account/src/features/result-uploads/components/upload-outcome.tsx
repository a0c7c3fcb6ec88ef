import { Link } from 'react-router';
import type {
  ConfirmCsvColumnsResult,
  ResultReading,
  ResultUploadDetail,
} from '@shop/shared/contract/results';
import { formatCalendarDate } from '@shop/shared/format/calendar-date';
import { displayUnit } from '@shop/shared/results/unit-display';
import { RESULTS_PATH } from '../../results/model/results-path';
import { FLAG_WORDS, rangeWords } from '../../results/model/result-text';
import { RESULT_UPLOADS_PATH } from './result-uploads-panel';

const valueWords = (reading: ResultReading) =>
  [reading.value ?? reading.valueText, reading.unit && displayUnit(reading.unit)]
    .filter((part) => part !== null)
    .join(' ');

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Where an upload ended: what was read (and what a CSV skipped, and why), or why nothing was. */
/** What was stored from the file, as the lab wrote it. */
function ReadingsRead({ readings }: { readings: readonly ResultReading[] }) {
  return (
    <div className="rf-scroll" role="region" aria-label="Values read" tabIndex={0}>
      <table className="rf-table">
        <caption>What we read from this file</caption>
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Value</th>
            <th scope="col">Range</th>
            <th scope="col">Lab&apos;s flag</th>
          </tr>
        </thead>
        <tbody>
          {readings.map((reading) => (
            <tr key={reading.id}>
              <th scope="row">{reading.name}</th>
              <td>{valueWords(reading)}</td>
              <td>{rangeWords(reading.range) ?? '—'}</td>
              <td>{reading.flag ? FLAG_WORDS[reading.flag] : 'None given'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function UploadOutcome({
  detail: { upload, readings },
  csvResult,
}: {
  detail: ResultUploadDetail;
  csvResult: ConfirmCsvColumnsResult | null;
}) {
  if (upload.status === 'unreadable')
    return (
      <div className="acc-panel">
        <p role="alert" className="rf-problem">
          {upload.problem ?? 'Nothing could be read from this file.'}
        </p>
        <p>
          <Link to={RESULT_UPLOADS_PATH}>Upload another file</Link>
        </p>
      </div>
    );
  if (upload.status !== 'read')
    return (
      <div className="acc-panel">
        <p>
          This file was stored before the shop read lab reports. Upload it again to see its values
          on your results page.
        </p>
        <p>
          <Link to={RESULT_UPLOADS_PATH}>Upload a lab report</Link>
        </p>
      </div>
    );
  const skipped = csvResult?.skippedCount ?? 0;
  return (
    <div className="acc-panel rf-step">
      <p role="status">
        Read {plural(upload.readingCount, 'value', 'values')}
        {upload.collectedAt ? (
          <>
            {' '}
            collected on{' '}
            <time dateTime={upload.collectedAt}>{formatCalendarDate(upload.collectedAt)}</time>
          </>
        ) : null}
        .
      </p>
      {readings.length > 0 && <ReadingsRead readings={readings} />}
      {skipped > 0 && csvResult && (
        <div>
          <h2>{plural(skipped, 'row was', 'rows were')} not read</h2>
          <ul className="rf-skipped">
            {csvResult.skipped.map((row) => (
              <li key={row.row}>
                Row {row.row}: {row.reason}
              </li>
            ))}
          </ul>
          {skipped > csvResult.skipped.length && (
            <p className="acc-muted">
              And {plural(skipped - csvResult.skipped.length, 'more row', 'more rows')}.
            </p>
          )}
        </div>
      )}
      <p className="rf-actions">
        <Link className="acc-sub-link" to={RESULTS_PATH}>
          See your results
        </Link>
        <Link to={RESULT_UPLOADS_PATH}>All your lab reports</Link>
      </p>
    </div>
  );
}
