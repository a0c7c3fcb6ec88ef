import { CONTENT_PAGES } from '../../../src/db/seed/catalog-content';

// The upload page promises only what the shop does: it reads FHIR and CSV files, and values from a
// PDF or photo count once the customer has confirmed them.
describe('the upload-results page copy', () => {
  const text = JSON.stringify(CONTENT_PAGES['upload-results']);

  it('names the formats the shop reads and the confirmation a PDF needs', () => {
    expect(text).toMatch(/FHIR/);
    expect(text).toMatch(/CSV/);
    expect(text).toMatch(/from a PDF or a photo we suggest the values and you confirm them/);
  });

  it('no longer claims to read the markers of any file, nor that nobody looks at it', () => {
    expect(text).not.toMatch(/We read the markers for you/);
    expect(text).not.toMatch(/nobody/i);
  });
});
