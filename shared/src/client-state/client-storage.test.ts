import { validate, version } from 'uuid';
import {
  EMAIL_VISITOR_KEY,
  SESSION_ID_KEY,
  URL_DISCOUNT_KEY,
  USER_SEX_KEY,
  captureEmailVisitor,
  captureUrlDiscount,
  getOrCreateSessionId,
  readDiscountCode,
} from './client-storage';
import type { KeyValueStorage } from './key-value-storage';

const throwingStorage: KeyValueStorage = {
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('denied');
  },
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('storage keys', () => {
  it("uses the shop's own key names", () => {
    expect(SESSION_ID_KEY).toBe('curr-session-id');
    expect(URL_DISCOUNT_KEY).toBe('url-discount');
    expect(USER_SEX_KEY).toBe('user_sex');
    expect(EMAIL_VISITOR_KEY).toBe('useremail');
  });
});

describe('getOrCreateSessionId', () => {
  it('creates a uuid v4 and stores it under curr-session-id', () => {
    const id = getOrCreateSessionId(localStorage);
    expect(validate(id)).toBe(true);
    expect(version(id)).toBe(4);
    expect(localStorage.getItem('curr-session-id')).toBe(id);
  });

  it('returns the same id on later calls', () => {
    const first = getOrCreateSessionId(localStorage);
    expect(getOrCreateSessionId(localStorage)).toBe(first);
  });

  it('keeps an id stored by an earlier visit', () => {
    localStorage.setItem('curr-session-id', '1b4e28ba-2fa1-41d2-883f-0016d3cca427');
    expect(getOrCreateSessionId(localStorage)).toBe('1b4e28ba-2fa1-41d2-883f-0016d3cca427');
  });

  it('replaces a malformed stored id', () => {
    localStorage.setItem('curr-session-id', 'not-a-uuid');
    const id = getOrCreateSessionId(localStorage);
    expect(id).not.toBe('not-a-uuid');
    expect(validate(id)).toBe(true);
    expect(localStorage.getItem('curr-session-id')).toBe(id);
  });

  it('still returns an id when storage is unavailable', () => {
    expect(validate(getOrCreateSessionId(throwingStorage))).toBe(true);
  });
});

describe('captureUrlDiscount', () => {
  it('stores the discount parameter in session storage and returns it', () => {
    expect(captureUrlDiscount('?discount=SAVE10&x=1', sessionStorage)).toBe('SAVE10');
    expect(sessionStorage.getItem('url-discount')).toBe('SAVE10');
  });

  it('accepts a search string without the question mark and decodes it', () => {
    expect(captureUrlDiscount('discount=SPRING%2025', sessionStorage)).toBe('SPRING 25');
  });

  it('trims the code', () => {
    expect(captureUrlDiscount('?discount=%20SAVE10%20', sessionStorage)).toBe('SAVE10');
  });

  it.each([[''], ['?x=1'], ['?discount='], ['?discount=%20%20']])(
    'stores nothing and keeps an earlier code for %p',
    (search) => {
      sessionStorage.setItem('url-discount', 'EARLIER');
      expect(captureUrlDiscount(search, sessionStorage)).toBeNull();
      expect(sessionStorage.getItem('url-discount')).toBe('EARLIER');
    },
  );

  it('replaces an earlier code with a new one from the URL', () => {
    sessionStorage.setItem('url-discount', 'EARLIER');
    captureUrlDiscount('?discount=NEWER', sessionStorage);
    expect(sessionStorage.getItem('url-discount')).toBe('NEWER');
  });

  it('returns the code even when storage fails', () => {
    expect(captureUrlDiscount('?discount=SAVE10', throwingStorage)).toBe('SAVE10');
  });
});

describe('readDiscountCode', () => {
  it('prefers the URL parameter', () => {
    sessionStorage.setItem('url-discount', 'STORED');
    expect(readDiscountCode('?discount=FROMURL', sessionStorage)).toBe('FROMURL');
  });

  it('falls back to the stored code', () => {
    sessionStorage.setItem('url-discount', 'STORED');
    expect(readDiscountCode('?other=1', sessionStorage)).toBe('STORED');
  });

  it('returns null when there is neither', () => {
    expect(readDiscountCode('', sessionStorage)).toBeNull();
    sessionStorage.setItem('url-discount', '   ');
    expect(readDiscountCode('', sessionStorage)).toBeNull();
    expect(readDiscountCode('', throwingStorage)).toBeNull();
  });

  it('does not write to storage', () => {
    readDiscountCode('?discount=FROMURL', sessionStorage);
    expect(sessionStorage.getItem('url-discount')).toBeNull();
  });
});

describe('captureEmailVisitor', () => {
  it('marks and remembers a visitor who arrives with useremail=yes', () => {
    expect(captureEmailVisitor('?useremail=yes', localStorage)).toBe(true);
    expect(localStorage.getItem('useremail')).toBe('yes');
    expect(captureEmailVisitor('', localStorage)).toBe(true);
  });

  it("recognises the stored flag 'yes' alone", () => {
    localStorage.setItem('useremail', 'yes');
    expect(captureEmailVisitor('?utm_source=x', localStorage)).toBe(true);
  });

  it.each([['?useremail=no'], ['?useremail=YES'], ['?useremail='], ['']])(
    'is false for %p with nothing stored',
    (search) => {
      expect(captureEmailVisitor(search, localStorage)).toBe(false);
      expect(localStorage.getItem('useremail')).toBeNull();
    },
  );

  it("ignores a stored value other than 'yes'", () => {
    localStorage.setItem('useremail', 'true');
    expect(captureEmailVisitor('', localStorage)).toBe(false);
  });

  it('still reports the URL flag when storage fails', () => {
    expect(captureEmailVisitor('?useremail=yes', throwingStorage)).toBe(true);
    expect(captureEmailVisitor('', throwingStorage)).toBe(false);
  });
});
