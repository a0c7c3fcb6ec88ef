import { BIOMARKERS } from './biomarkers';
import {
  biomarkerByKey,
  convert,
  convertRange,
  flagFromRange,
  matchBiomarker,
  roundConverted,
  unitKey,
} from './units';

const definition = (key: string) => {
  const found = biomarkerByKey(key);
  if (!found) throw new Error(`no biomarker ${key}`);
  return found;
};

describe('the biomarker catalogue', () => {
  it('has about forty biomarkers with unique keys, LOINC codes and aliases', () => {
    expect(BIOMARKERS.length).toBeGreaterThanOrEqual(40);
    const keys = BIOMARKERS.map((biomarker) => biomarker.key);
    expect(new Set(keys).size).toBe(keys.length);
    const codes = BIOMARKERS.flatMap((biomarker) => biomarker.loinc);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\d{1,6}-\d$/);
  });

  it('gives every unit it converts from a factor that gives back its own unit', () => {
    for (const biomarker of BIOMARKERS) {
      if (biomarker.unit) expect(convert(1, biomarker.unit, biomarker)).toBe(1);
      for (const [unit, factor] of Object.entries(biomarker.conversions))
        expect(convert(1, unit, biomarker)).toBeCloseTo(factor, 10);
    }
  });
});

describe('matchBiomarker', () => {
  it('matches by LOINC code before the name', () => {
    expect(matchBiomarker({ loinc: '13457-7', name: 'Something else' })?.key).toBe(
      'ldl-cholesterol',
    );
    expect(matchBiomarker({ loinc: '2093-3', name: null })?.key).toBe('total-cholesterol');
  });

  it('matches names the way labs print them', () => {
    expect(matchBiomarker({ name: 'LDL-C' })?.key).toBe('ldl-cholesterol');
    expect(matchBiomarker({ name: 'Cholesterol, LDL' })?.key).toBe('ldl-cholesterol');
    expect(matchBiomarker({ name: 'Hemoglobin A1c' })?.key).toBe('hba1c');
    expect(matchBiomarker({ name: 'Ferritin, Serum' })?.key).toBe('ferritin');
    expect(matchBiomarker({ name: 'TSH' })?.key).toBe('tsh');
    expect(matchBiomarker({ name: 'Vitamin D, 25-Hydroxy' })?.key).toBe('vitamin-d');
    expect(matchBiomarker({ loinc: '99999-9', name: 'hs-CRP' })?.key).toBe('hs-crp');
  });

  it('answers null for an analyte outside the catalogue', () => {
    expect(matchBiomarker({ loinc: '5803-2', name: 'pH of Urine' })).toBeNull();
    expect(matchBiomarker({ name: '' })).toBeNull();
  });
});

describe('convert', () => {
  it('converts with the factor of the analyte', () => {
    expect(convert(5.2, 'mmol/L', definition('ldl-cholesterol'))).toBeCloseTo(201.08, 2);
    expect(convert(1.7, 'mmol/L', definition('triglycerides'))).toBeCloseTo(150.57, 2);
    expect(convert(5.5, 'mmol/L', definition('glucose'))).toBeCloseTo(99.09, 2);
    expect(convert(88.42, 'umol/L', definition('creatinine'))).toBeCloseTo(1, 10);
    expect(convert(75, 'nmol/L', definition('vitamin-d'))).toBeCloseTo(30.05, 2);
  });

  it('accepts the spelling variants labs use', () => {
    const creatinine = definition('creatinine');
    for (const unit of ['µmol/L', 'μmol/L', 'umol/l', 'UMOL/L', 'µmol/l'])
      expect(convert(88.42, unit, creatinine)).toBeCloseTo(1, 10);
    expect(convert(100, 'mg/dl', definition('ldl-cholesterol'))).toBe(100);
    expect(convert(100, 'MG/DL', definition('ldl-cholesterol'))).toBe(100);
    expect(convert(2.1, 'uIU/mL', definition('tsh'))).toBe(2.1);
    expect(convert(2.1, 'mIU/L', definition('tsh'))).toBe(2.1);
    expect(convert(6.1, 'x10^9/L', definition('wbc'))).toBe(6.1);
    expect(convert(6.1, 'K/uL', definition('wbc'))).toBe(6.1);
    expect(convert(90, 'mL/min/1.73 m2', definition('egfr'))).toBe(90);
    expect(convert(30, 'mcg/dL', definition('cortisol'))).toBe(30);
  });

  it('scales units that differ only by a metric prefix', () => {
    expect(convert(3, 'mg/dL', definition('hs-crp'))).toBe(30);
    expect(convert(45, 'g/L', definition('albumin'))).toBe(4.5);
    expect(convert(0.45, 'L/L', definition('hematocrit'))).toBe(45);
    expect(convert(30, 'ug/L', definition('ferritin'))).toBe(30);
    expect(convert(5200, 'umol/L', definition('ldl-cholesterol'))).toBeCloseTo(201.08, 2);
  });

  it('answers null when no factor is known', () => {
    expect(convert(48, 'mmol/mol', definition('hba1c'))).toBeNull();
    expect(convert(75, 'nmol/L', definition('lipoprotein-a'))).toBeNull();
    expect(convert(5, 'mg/dL', { unit: null, conversions: {} })).toBeNull();
  });

  it('reads a value without a unit as being in the biomarker unit', () => {
    expect(convert(5.4, null, definition('hba1c'))).toBe(5.4);
  });

  it('converts a range bound by bound, or not at all', () => {
    const glucose = convertRange(
      { low: 3.9, high: 5.6, text: null },
      'mmol/L',
      definition('glucose'),
    );
    expect(glucose?.low).toBeCloseTo(70.26, 2);
    expect(glucose?.high).toBeCloseTo(100.89, 2);
    expect(
      convertRange({ low: null, high: 5.7, text: '<5.7' }, 'mmol/mol', definition('hba1c')),
    ).toBeNull();
  });
});

describe('unitKey', () => {
  it('unwraps UCUM brackets and annotations', () => {
    expect(unitKey('m[IU]/L')).toBe(unitKey('mIU/L'));
    expect(unitKey('mL/min/{1.73_m2}')).toBe(unitKey('mL/min/1.73m2'));
    expect(unitKey('10*3/uL')).toBe(unitKey('10^3/µL'));
  });
});

describe('flagFromRange', () => {
  const range = { low: 40, high: 60, text: null };

  it('flags below the low bound low, above the high bound high, inside normal', () => {
    expect(flagFromRange(39.9, range)).toBe('low');
    expect(flagFromRange(60.1, range)).toBe('high');
    expect(flagFromRange(40, range)).toBe('normal');
    expect(flagFromRange(250, { low: null, high: 200, text: '<200' })).toBe('high');
  });

  it('gives no flag without a number or bounds', () => {
    expect(flagFromRange(null, range)).toBeNull();
    expect(flagFromRange(5, null)).toBeNull();
    expect(flagFromRange(5, { low: null, high: null, text: 'negative' })).toBeNull();
  });
});

describe('roundConverted', () => {
  it("rounds a converted value to the decimals labs print in the biomarker's unit", () => {
    const glucose = definition('glucose');
    const range = convertRange({ low: 3.9, high: 5.6, text: null }, 'mmol/L', glucose)!;
    expect(range.low).toBeCloseTo(70.262, 3);
    expect([range.low!, range.high!].map((bound) => roundConverted(bound, glucose))).toEqual([
      70, 101,
    ]);
    expect(
      roundConverted(convert(88, 'umol/L', definition('creatinine'))!, definition('creatinine')),
    ).toBe(1);
    expect(
      roundConverted(convert(20, 'pmol/L', definition('free-t4'))!, definition('free-t4')),
    ).toBe(1.55);
  });

  it('keeps three significant digits for a biomarker without usual decimals', () => {
    expect(roundConverted(12.3456, {})).toBe(12.3);
    expect(roundConverted(0.012345, {})).toBe(0.0123);
  });
});
