import { useId, useState } from 'react';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Select from 'antd/es/select';
import {
  CSV_FIELDS,
  type ConfirmCsvColumnsResult,
  type CsvColumnMapping,
  type CsvField,
  type ResultUploadDraft,
} from '@shop/shared/contract/results';
import type { ApiError } from '@shop/shared/http/api-error';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { useConfirmCsvColumns } from '../api/confirm-csv-columns';

type CsvDraft = Extract<ResultUploadDraft, { kind: 'csv' }>;

const FIELD_LABELS: Record<CsvField, string> = {
  analyte: 'Test name',
  value: 'Value',
  unit: 'Unit',
  range: 'Reference range (as text)',
  low: 'Range low',
  high: 'Range high',
  flag: 'Flag (H, L…)',
  date: 'Collection date',
};
const REQUIRED: readonly CsvField[] = ['analyte', 'value'];
const NONE = -1;

const EMPTY_MAPPING: CsvColumnMapping = {
  analyte: 0,
  value: 1,
  unit: null,
  range: null,
  low: null,
  high: null,
  flag: null,
  date: null,
};

/** "Column 2 · Result" from the header row, else "Column 2 · 5.4" from the first row. */
function columnLabel(rows: string[][], index: number): string {
  const sample = rows[0]?.[index]?.trim();
  return sample ? `Column ${index + 1} · ${sample}` : `Column ${index + 1}`;
}

/**
 * A CSV's column matching: the first rows as the server split them, a choice of column per field
 * with the server's guess chosen, the date when no column holds it, and whether the first row is
 * a header. Nothing in the file counts until this is confirmed.
 */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function CsvColumnsStep({
  uploadId,
  draft,
  onRead,
}: {
  uploadId: string;
  draft: CsvDraft;
  onRead: (result: ConfirmCsvColumnsResult) => void;
}) {
  const confirm = useConfirmCsvColumns(uploadId);
  const [mapping, setMapping] = useState<CsvColumnMapping>(draft.suggested ?? EMPTY_MAPPING);
  const [hasHeader, setHasHeader] = useState(draft.hasHeader);
  const [collectedOn, setCollectedOn] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const width = Math.max(0, ...draft.rows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, index) => index);
  const needsDate = mapping.date === null;
  const dateId = `${ids}-collected-on`;
  const problemId = `${ids}-problem`;

  const options = (field: CsvField) => [
    ...(REQUIRED.includes(field) ? [] : [{ value: NONE, label: 'Not in this file' }]),
    ...columns.map((index) => ({ value: index, label: columnLabel(draft.rows, index) })),
  ];

  const submit = async () => {
    setProblem(null);
    if (needsDate && !collectedOn) {
      setProblem('Enter the date the sample was collected, or choose the column that holds it.');
      return;
    }
    try {
      onRead(
        await confirm.mutateAsync({
          mapping,
          hasHeader,
          collectedOn: needsDate ? collectedOn : null,
        }),
      );
    } catch (caught) {
      setProblem(friendlyMessage(caught as ApiError));
    }
  };

  return (
    <form
      className="rf-step"
      aria-describedby={problem ? problemId : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="rf-note">
        Labs lay out their CSV files differently. Tell us which column holds what: nothing in this
        file counts until you confirm.
      </p>
      <div
        className="rf-scroll"
        role="region"
        aria-label="The start of your file"
        // Focusable, so a keyboard can scroll a wide table sideways.
        tabIndex={0}
      >
        <table className="rf-table">
          <caption>The start of your file, as we read it</caption>
          <thead>
            <tr>
              {columns.map((index) => (
                <th key={index} scope="col">
                  Column {index + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {draft.rows.map((row, rowIndex) => (
              <tr key={rowIndex} data-header={hasHeader && rowIndex === 0}>
                {columns.map((index) => (
                  <td key={index}>{row[index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Checkbox checked={hasHeader} onChange={(event) => setHasHeader(event.target.checked)}>
        The first row holds the column names (it is not a result)
      </Checkbox>
      <fieldset className="acc-fieldset">
        <legend>Which column holds what?</legend>
        <div className="rf-fields">
          {CSV_FIELDS.map((field) => {
            const selectId = `${ids}-${field}`;
            return (
              <div key={field}>
                <label className="acc-label" htmlFor={selectId}>
                  {FIELD_LABELS[field]}
                  {REQUIRED.includes(field) ? ' (required)' : ''}
                </label>
                <Select
                  id={selectId}
                  className="acc-block"
                  style={{ width: '100%' }}
                  value={mapping[field] ?? NONE}
                  options={options(field)}
                  onChange={(value: number) =>
                    setMapping((current) => ({
                      ...current,
                      [field]: value === NONE ? null : value,
                    }))
                  }
                />
              </div>
            );
          })}
        </div>
      </fieldset>
      {needsDate && (
        <div>
          <label className="acc-label" htmlFor={dateId}>
            Date the sample was collected
          </label>
          <p className="acc-hint acc-muted" id={`${dateId}-hint`}>
            No column holds the date, so every value in this file gets this one.
          </p>
          <input
            id={dateId}
            className="rf-date-input"
            type="date"
            aria-required="true"
            aria-invalid={problem !== null && !collectedOn}
            aria-describedby={`${dateId}-hint`}
            value={collectedOn}
            onChange={(event) => setCollectedOn(event.target.value)}
          />
        </div>
      )}
      {problem && (
        <p id={problemId} role="alert" className="acc-upload-error">
          {problem}
        </p>
      )}
      <div className="rf-actions">
        <Button type="primary" htmlType="submit" loading={confirm.isPending}>
          Read the values with these columns
        </Button>
      </div>
    </form>
  );
}
