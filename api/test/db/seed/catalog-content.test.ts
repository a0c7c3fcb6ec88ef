import { partnerPromises } from '@shop/shared/rules/partner-promises';
import { CONTENT_PAGES, catalogContentDocuments } from '../../../src/db/seed/catalog-content';
import demoCatalog from '../../../src/db/seed/demo-shop-catalog.json';

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

// The shop's own pages follow the rule partners' pages do: no free shipping while the cart charges it.
describe("the shop's own page copy", () => {
  it('promises free shipping only when the demo catalogue ships a US kit for nothing', () => {
    const usRate = demoCatalog.shippingRates.find((rate) => rate.country === 'US');
    const freeShipping = partnerPromises(catalogContentDocuments()).filter(
      (promise) => promise.kind === 'free-shipping',
    );
    expect(usRate?.amount).toBeGreaterThan(0);
    expect(freeShipping.map((promise) => promise.text)).toEqual([]);
  });
});
