import { BIOMARKERS } from './biomarkers';
import { displayUnit } from './unit-display';

describe('a unit as people write it', () => {
  it('turns UCUM codes into what a lab report prints', () => {
    expect(displayUnit('m[IU]/L')).toBe('mIU/L');
    expect(displayUnit('u[IU]/mL')).toBe('µIU/mL');
    expect(displayUnit('10*3/uL')).toBe('×10³/µL');
    expect(displayUnit('10*6/uL')).toBe('×10⁶/µL');
    expect(displayUnit('mL/min/{1.73_m2}')).toBe('mL/min/1.73 m²');
    expect(displayUnit('ug/dL')).toBe('µg/dL');
    expect(displayUnit('umol/L')).toBe('µmol/L');
  });

  it('leaves a unit already written so as it is', () => {
    for (const unit of ['mg/dL', 'mmol/L', 'U/L', '%', 'fL', 'mIU/L', 'µg/dL'])
      expect(displayUnit(unit)).toBe(unit);
  });

  it('shows no catalogue unit with brackets or braces', () => {
    for (const { unit } of BIOMARKERS) if (unit) expect(displayUnit(unit)).not.toMatch(/[[\]{}*]/);
  });
});
