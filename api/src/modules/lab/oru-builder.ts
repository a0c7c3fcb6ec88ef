// Writing an ORU^R01 as a lab partner would: the simulator (`shop lab send`), the tests and the
// bench all send what this makes, so the shop is always tried against one message profile.
import { randomUUID } from 'node:crypto';

export type LabPanel = 'lipid' | 'metabolic' | 'thyroid';
export const LAB_PANELS: readonly LabPanel[] = ['lipid', 'metabolic', 'thyroid'];

export interface PanelValue {
  loinc: string;
  name: string;
  value: number | string;
  unit: string;
  range: string;
  flag: string;
  status?: 'F' | 'C' | 'P';
}

const PANELS: Record<LabPanel, { loinc: string; name: string; values: PanelValue[] }> = {
  lipid: {
    loinc: '24331-1',
    name: 'Lipid panel',
    values: [
      {
        loinc: '2093-3',
        name: 'Cholesterol, Total',
        value: 198,
        unit: 'mg/dL',
        range: '<200',
        flag: 'N',
      },
      {
        loinc: '13457-7',
        name: 'LDL Cholesterol',
        value: 118,
        unit: 'mg/dL',
        range: '<100',
        flag: 'H',
      },
      {
        loinc: '2085-9',
        name: 'HDL Cholesterol',
        value: 52,
        unit: 'mg/dL',
        range: '>40',
        flag: 'N',
      },
      {
        loinc: '2571-8',
        name: 'Triglycerides',
        value: 140,
        unit: 'mg/dL',
        range: '<150',
        flag: 'N',
      },
    ],
  },
  metabolic: {
    loinc: '24323-8',
    name: 'Comprehensive metabolic panel',
    values: [
      { loinc: '2345-7', name: 'Glucose', value: 92, unit: 'mg/dL', range: '70-99', flag: 'N' },
      {
        loinc: '2160-0',
        name: 'Creatinine',
        value: 0.9,
        unit: 'mg/dL',
        range: '0.6-1.3',
        flag: 'N',
      },
      { loinc: '2951-2', name: 'Sodium', value: 140, unit: 'mmol/L', range: '135-145', flag: 'N' },
      {
        loinc: '2823-3',
        name: 'Potassium',
        value: 4.2,
        unit: 'mmol/L',
        range: '3.5-5.1',
        flag: 'N',
      },
    ],
  },
  thyroid: {
    loinc: '24348-5',
    name: 'Thyroid panel',
    values: [
      { loinc: '3016-3', name: 'TSH', value: 2.1, unit: 'mIU/L', range: '0.45-4.5', flag: 'N' },
      { loinc: '3024-7', name: 'Free T4', value: 1.2, unit: 'ng/dL', range: '0.8-1.8', flag: 'N' },
    ],
  },
};

// A critical value of each panel: the first analyte far past its range (HH).
const CRITICAL: Record<LabPanel, PanelValue> = {
  lipid: {
    loinc: '2571-8',
    name: 'Triglycerides',
    value: 1250,
    unit: 'mg/dL',
    range: '<150',
    flag: 'HH',
  },
  metabolic: {
    loinc: '2823-3',
    name: 'Potassium',
    value: 6.8,
    unit: 'mmol/L',
    range: '3.5-5.1',
    flag: 'HH',
  },
  thyroid: {
    loinc: '3016-3',
    name: 'TSH',
    value: 52,
    unit: 'mIU/L',
    range: '0.45-4.5',
    flag: 'HH',
  },
};

export interface OruOptions {
  kitCode: string;
  panel?: LabPanel;
  /** One value of the panel is critical (HH). */
  critical?: boolean;
  /** The sample is rejected with this reason instead of resulted. */
  reject?: string;
  /** Only says the sample arrived at the lab. */
  received?: boolean;
  /** Replaces the panel's values (the bench's 60 OBX, a test's correction). */
  values?: PanelValue[];
  controlId?: string;
  collectedAt?: Date;
  /** OBR-25 (F final, C corrected, P preliminary); the default follows the values. */
  resultStatus?: string;
}

const ts = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, '');

/** HL7 escapes for text this side writes (a kit code's ~ check symbol, a note's &). */
export function escapeHl7(text: string): string {
  return text
    .replace(/\\/g, '\\E\\')
    .replace(/\|/g, '\\F\\')
    .replace(/\^/g, '\\S\\')
    .replace(/&/g, '\\T\\')
    .replace(/~/g, '\\R\\');
}

/** The panel's values, with a critical one swapped in when asked. */
export function panelValues(panel: LabPanel, critical = false): PanelValue[] {
  const values = PANELS[panel].values;
  if (!critical) return values;
  const swap = CRITICAL[panel];
  return values.map((value) => (value.loinc === swap.loinc ? swap : value));
}

/** An ORU^R01 v2.5.1 as text, segments ended by CR. */
export function buildOruMessage(options: OruOptions): string {
  const panel = PANELS[options.panel ?? 'lipid'];
  const controlId = options.controlId ?? randomUUID().replace(/-/g, '').slice(0, 20);
  const collected = ts(options.collectedAt ?? new Date());
  const kit = escapeHl7(options.kitCode);
  const values =
    options.received || options.reject
      ? []
      : (options.values ?? panelValues(options.panel ?? 'lipid', options.critical));
  const status =
    options.resultStatus ??
    (options.reject
      ? 'X'
      : options.received
        ? 'I'
        : values.some((v) => v.status === 'C')
          ? 'C'
          : 'F');
  const segments = [
    `MSH|^~\\&|SIMLAB|SIMLAB^00D0000000^CLIA|SHOP|SHOP|${ts(new Date())}||ORU^R01^ORU_R01|${controlId}|P|2.5.1|||AL|NE`,
    `PID|1||${kit}^^^SHOP^PN||Sample^Taker`,
    `OBR|1|${kit}|${controlId}|${panel.loinc}^${escapeHl7(panel.name)}^LN|||${collected}|||||||||||||||${ts(new Date())}||CH|${status}`,
    ...values.map(
      (value, index) =>
        `OBX|${index + 1}|${typeof value.value === 'number' ? 'NM' : 'ST'}|${value.loinc}^${escapeHl7(value.name)}^LN||${escapeHl7(String(value.value))}|${escapeHl7(value.unit)}|${escapeHl7(value.range)}|${value.flag}|||${value.status ?? 'F'}`,
    ),
    ...(options.reject ? [`NTE|1|L|${escapeHl7(options.reject)}`] : []),
    `SPM|1|${kit}||BLD^Blood^HL70487|||||||||||||${collected}`,
  ];
  return segments.join('\r');
}
