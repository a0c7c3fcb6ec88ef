import { applyPartnerHead } from '../src/features/storefront/partner-head';

/** The head of a partner's page as the site sends it: the shop's own icon and description in a template. */
const SERVER_HEAD =
  '<meta name="viewport" content="width=device-width">' +
  '<template data-shop-head><link rel="icon" href="/favicon.ico"><meta name="description" content="Our shop"></template>' +
  '<title>Home | Acme</title>' +
  '<link rel="icon" href="https://acme.example/old.png" data-partner-head="">' +
  '<meta name="description" content="Acme tests" data-partner-head="">';

const headOf = (doc: Document) =>
  [...doc.head.querySelectorAll('link, meta')].map((element) =>
    element.tagName === 'LINK'
      ? `icon ${element.getAttribute('href')}`
      : `${element.getAttribute('name')} ${element.getAttribute('content')}`,
  );

describe("the partner's head on a page whose head the server drew", () => {
  it('takes over the drawn head, and gives the shop its own back when the storefront leaves', () => {
    document.head.innerHTML = SERVER_HEAD;
    const undo = applyPartnerHead(document, {
      favicon: 'https://acme.example/new.png',
      metaTags: [{ name: 'description', content: 'Acme tests' }],
    });
    expect(headOf(document)).toEqual([
      'viewport width=device-width',
      'description Acme tests',
      'icon https://acme.example/new.png',
    ]);
    expect(document.head.querySelector('template')).toBeNull();
    undo();
    expect(headOf(document)).toEqual([
      'viewport width=device-width',
      'icon /favicon.ico',
      'description Our shop',
    ]);
  });
});
