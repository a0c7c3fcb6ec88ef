// The shop's analyte catalogue: which biomarkers it knows, how to recognise them in a lab's
// report (LOINC codes, names labs use), which body system the results page puts them under, and
// the one unit each is shown in, with the factor from every other unit labs report it in.
import type { BodySystem } from '../contract/results';

export interface BiomarkerDefinition {
  key: string;
  name: string;
  system: BodySystem;
  /** LOINC codes labs use for it (serum, plasma, whole blood variants). */
  loinc: readonly string[];
  /** Lower-case names and abbreviations labs print ("ldl", "ldl-c", "ldl cholesterol calc"). */
  aliases: readonly string[];
  /** The UCUM unit the page shows it in; null for text-only results. */
  unit: string | null;
  /** value in `unit` = value in the other unit × factor; the factor is per analyte. */
  conversions: Readonly<Record<string, number>>;
}

export const BIOMARKERS: readonly BiomarkerDefinition[] = [
  {
    key: 'ldl-cholesterol',
    name: 'LDL cholesterol',
    system: 'heart',
    loinc: ['13457-7', '18262-6', '2089-1'],
    aliases: ['ldl', 'ldl-c', 'ldl cholesterol', 'ldl cholesterol calc', 'cholesterol in ldl'],
    unit: 'mg/dL',
    conversions: { 'mmol/L': 38.67 },
  },
  {
    key: 'glucose',
    name: 'Glucose (fasting)',
    system: 'metabolism',
    loinc: ['2345-7', '1558-6', '2339-0'],
    aliases: ['glucose', 'fasting glucose', 'glucose fasting', 'blood glucose'],
    unit: 'mg/dL',
    conversions: { 'mmol/L': 18.016 },
  },
  {
    key: 'hba1c',
    name: 'HbA1c',
    system: 'metabolism',
    loinc: ['4548-4', '17856-6'],
    aliases: ['hba1c', 'hemoglobin a1c', 'a1c', 'glycated hemoglobin'],
    unit: '%',
    conversions: {},
  },
];
