import { splitFullName } from './full-name';

describe('splitFullName', () => {
  it('splits two words into first and last name', () => {
    expect(splitFullName('Jane Doe')).toEqual({ firstName: 'Jane', lastName: 'Doe' });
  });

  it('splits on the first space only, keeping the rest as the last name', () => {
    expect(splitFullName('Mary Ann van der Berg')).toEqual({
      firstName: 'Mary',
      lastName: 'Ann van der Berg',
    });
  });

  it('repeats the only word as the last name', () => {
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: 'Cher' });
  });

  it('trims surrounding whitespace', () => {
    expect(splitFullName('  Jane Doe  ')).toEqual({ firstName: 'Jane', lastName: 'Doe' });
    expect(splitFullName('  Cher ')).toEqual({ firstName: 'Cher', lastName: 'Cher' });
  });

  it('collapses runs of spaces and other whitespace', () => {
    expect(splitFullName('Jane    Doe')).toEqual({ firstName: 'Jane', lastName: 'Doe' });
    expect(splitFullName('Mary \t Ann   Lee')).toEqual({ firstName: 'Mary', lastName: 'Ann Lee' });
  });

  it('gives empty names for blank input', () => {
    expect(splitFullName('')).toEqual({ firstName: '', lastName: '' });
    expect(splitFullName('   ')).toEqual({ firstName: '', lastName: '' });
  });
});
