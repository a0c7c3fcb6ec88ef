import { useRef, useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { ResultUpload } from '@shop/shared/contract/result-uploads';
import {
  RESULT_FLAGS,
  type ResultFlag,
  type ResultUploadDraft,
  type TypedReading,
} from '@shop/shared/contract/results';
import type { ApiError } from '@shop/shared/http/api-error';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { useConfirmReadings } from '../api/confirm-readings';

type DocumentDraft = Extract<ResultUploadDraft, { kind: 'document' }>;

interface ReadingRow {
  name: string;
  biomarkerKey: string | null;
  value: string;
  unit: string;
  low: string;
  high: string;
  flag: ResultFlag | 'none';
}
interface Values {
  collectedOn: string;
  readings: ReadingRow[];
}

const FLAG_LABELS: Record<ResultFlag | 'none', string> = {
  none: 'None given',
  normal: 'Normal',
  low: 'Low',
  high: 'High',
  'critically-low': 'Critically low',
  'critically-high': 'Critically high',
  abnormal: 'Abnormal',
};
const FLAG_OPTIONS = (['none', ...RESULT_FLAGS] as const).map((flag) => ({
  value: flag,
  label: FLAG_LABELS[flag],
}));

const EMPTY_ROW: ReadingRow = {
  name: '',
  biomarkerKey: null,
  value: '',
  unit: '',
  low: '',
  high: '',
  flag: 'none',
};

const bound = (value: number | null) => (value === null ? '' : String(value));
/** "4,0" and "4.0" are the same bound; an empty field is no bound. */
const parseBound = (text: string): number | null =>
  text.trim() === '' ? null : Number(text.trim().replace(',', '.'));
const isBound = (text: string | undefined) =>
  !text || text.trim() === '' || Number.isFinite(parseBound(text));

function toRow(reading: TypedReading): ReadingRow {
  return {
    name: reading.name,
    biomarkerKey: reading.biomarkerKey,
    value: reading.value,
    unit: reading.unit ?? '',
    low: bound(reading.low),
    high: bound(reading.high),
    flag: reading.flag ?? 'none',
  };
}

function toReading(row: ReadingRow): TypedReading {
  return {
    name: row.name.trim(),
    biomarkerKey: row.biomarkerKey,
    value: row.value.trim(),
    unit: row.unit.trim() || null,
    low: parseBound(row.low),
    high: parseBound(row.high),
    rangeText: null,
    flag: row.flag === 'none' ? null : row.flag,
  };
}

const boundRule = {
  validator: (_: unknown, value: string | undefined) =>
    isBound(value)
      ? Promise.resolve()
      : Promise.reject(new Error('Enter a number, or leave it empty')),
};

/**
 * A PDF's or photo's values: the ones found in its text as suggestions, editable, with rows to add
 * or remove and the collection date. Only what the customer confirms here is stored as readings.
 */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function ConfirmReadingsStep({
  upload,
  draft,
}: {
  upload: ResultUpload;
  draft: DocumentDraft;
}) {
  const confirm = useConfirmReadings(upload.id);
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const initial: Values = {
    collectedOn: draft.suggestedCollectedOn ?? '',
    readings: draft.suggestions.length > 0 ? draft.suggestions.map(toRow) : [{ ...EMPTY_ROW }],
  };

  const submit = async (values: Values) => {
    setProblem(null);
    try {
      await confirm.mutateAsync({
        collectedOn: values.collectedOn,
        readings: values.readings.map(toReading),
      });
    } catch (caught) {
      setProblem(friendlyMessage(caught as ApiError));
    }
  };

  /** After adding or removing a row, focus goes to a row's first field, not to the page. */
  const focusRow = (index: number) =>
    requestAnimationFrame(() =>
      list.current?.querySelectorAll<HTMLInputElement>('[data-first-field]')[index]?.focus(),
    );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="rf-step"
      initialValues={initial}
      onFinish={(values) => void submit(values)}
    >
      <p className="rf-note" id="rf-confirm-note">
        {draft.hasText && draft.suggestions.length > 0
          ? `We found ${draft.suggestions.length} ${draft.suggestions.length === 1 ? 'value' : 'values'} in this file. They are suggestions: check each against your report, fix or remove what is wrong and add what is missing.`
          : 'We could not read values from this file (a photo or a scanned page has no text we can use). Type the values from your report.'}{' '}
        <strong>Nothing from this file counts until you confirm it.</strong>
      </p>
      <Form.Item
        name="collectedOn"
        label="Collection date"
        extra="The day the sample was taken, as printed on the report."
        rules={[{ required: true, message: 'Enter the collection date' }]}
      >
        <Input type="date" className="acc-date" />
      </Form.Item>
      <Form.List name="readings">
        {(fields, { add, remove }) => (
          <>
            <div className="rf-reading-list" ref={list}>
              {fields.map((field, index) => (
                <fieldset key={field.key} className="rf-reading">
                  <legend>Value {index + 1}</legend>
                  <div className="rf-reading-grid">
                    <Form.Item
                      className="rf-span-2"
                      name={[field.name, 'name']}
                      label="Test name"
                      rules={[{ required: true, whitespace: true, message: 'Enter the test name' }]}
                    >
                      <Input data-first-field maxLength={200} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'value']}
                      label="Value"
                      rules={[{ required: true, whitespace: true, message: 'Enter the value' }]}
                    >
                      <Input maxLength={200} inputMode="decimal" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'unit']} label="Unit">
                      <Input maxLength={40} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'low']} label="Range low" rules={[boundRule]}>
                      <Input inputMode="decimal" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'high']} label="Range high" rules={[boundRule]}>
                      <Input inputMode="decimal" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'flag']} label="Flag on the report">
                      <Select options={FLAG_OPTIONS} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'biomarkerKey']} hidden>
                      <Input />
                    </Form.Item>
                  </div>
                  <Button
                    danger
                    disabled={fields.length === 1}
                    aria-label={`Remove value ${index + 1}`}
                    onClick={() => {
                      remove(field.name);
                      focusRow(Math.max(0, index - 1));
                    }}
                  >
                    Remove
                  </Button>
                </fieldset>
              ))}
            </div>
            <div className="rf-actions">
              <Button
                onClick={() => {
                  add({ ...EMPTY_ROW });
                  focusRow(fields.length);
                }}
              >
                Add a value
              </Button>
            </div>
          </>
        )}
      </Form.List>
      {problem && (
        <p role="alert" className="acc-upload-error">
          {problem}
        </p>
      )}
      <div className="rf-actions">
        <Button
          type="primary"
          htmlType="submit"
          loading={confirm.isPending}
          aria-describedby="rf-confirm-note"
        >
          Confirm these values
        </Button>
      </div>
    </Form>
  );
}
