import { describe, expect, it } from 'vitest';
import {
  expandUpcE,
  isValidEan13,
  isValidEan8,
  isValidIsbn10,
  isValidIsbn13,
  isValidUpcA,
  isValidUpcE,
  isbn10ToIsbn13,
  readBarcode,
} from './barcode-codes';

/** Changes the last digit to the next one: every rule here must then refuse the code. */
const wrongCheckDigit = (code: string) => code.slice(0, -1) + String((Number(code.at(-1)) + 1) % 10);

describe('ISBN-10', () => {
  it('accepts valid ISBN-10s, with X (10) as the check character in either case', () => {
    expect(isValidIsbn10('0306406152')).toBe(true);
    expect(isValidIsbn10('080442957X')).toBe(true);
    expect(isValidIsbn10('097522980x')).toBe(true);
  });

  it('refuses a wrong check character, an X elsewhere than last, and wrong lengths', () => {
    expect(isValidIsbn10('0306406153')).toBe(false);
    expect(isValidIsbn10('0804429570')).toBe(false);
    expect(isValidIsbn10('0306406150')).toBe(false);
    expect(isValidIsbn10('03064X6152')).toBe(false);
    expect(isValidIsbn10('030640615')).toBe(false);
    // Two digits swapped: the weighted sum catches transpositions.
    expect(isValidIsbn10('3006406152')).toBe(false);
  });

  it('converts to the ISBN-13 of the same book (978 and a new check digit)', () => {
    expect(isbn10ToIsbn13('0306406152')).toBe('9780306406157');
    expect(isbn10ToIsbn13('080442957X')).toBe('9780804429573');
    expect(isValidIsbn13(isbn10ToIsbn13('097522980X'))).toBe(true);
  });
});

describe('ISBN-13', () => {
  it('accepts 978 and 979 with a valid EAN check digit', () => {
    expect(isValidIsbn13('9780306406157')).toBe(true);
    expect(isValidIsbn13('9791032305690')).toBe(true);
  });

  it('refuses a wrong check digit, another prefix, and the ISMN range 979-0', () => {
    expect(isValidIsbn13('9780306406158')).toBe(false);
    expect(isValidIsbn13('4006381333931')).toBe(false);
    expect(isValidIsbn13('9790230671187')).toBe(false);
  });
});

describe('product codes', () => {
  it('EAN-13, EAN-8, UPC-A and UPC-E with valid check digits pass', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan8('96385074')).toBe(true);
    expect(isValidUpcA('036000291452')).toBe(true);
    expect(isValidUpcE('04252614')).toBe(true);
  });

  it('each refuses a code whose check digit is off by one', () => {
    expect(isValidEan13(wrongCheckDigit('4006381333931'))).toBe(false);
    expect(isValidEan8(wrongCheckDigit('96385074'))).toBe(false);
    expect(isValidUpcA(wrongCheckDigit('036000291452'))).toBe(false);
    expect(isValidUpcE(wrongCheckDigit('04252614'))).toBe(false);
  });

  it('expands UPC-E by the rule its sixth digit names', () => {
    expect(expandUpcE('04252614')).toBe('042100005264'); // 4: five zeros before the last data digit
    expect(expandUpcE('01234565')).toBe('012345000065'); // 5–9: four zeros before the sixth digit
    expect(expandUpcE('01230004')).toBe('012000003004'); // 0–2: the manufacturer ends with it and 00
    expect(expandUpcE('01234534')).toBe('012300000454'); // 3: five zeros after the third digit
    // Number systems other than 0 and 1 have no UPC-E.
    expect(expandUpcE('24252614')).toBeNull();
  });
});

describe('readBarcode', () => {
  it('reads an ISBN-10 or ISBN-13 as a book, always by its ISBN-13', () => {
    expect(readBarcode('0306406152')).toEqual({ kind: 'isbn', isbn13: '9780306406157' });
    expect(readBarcode('080442957x')).toEqual({ kind: 'isbn', isbn13: '9780804429573' });
    expect(readBarcode('9780306406157')).toEqual({ kind: 'isbn', isbn13: '9780306406157' });
  });

  it('reads other codes as products with their format', () => {
    expect(readBarcode('4006381333931')).toEqual({ kind: 'product', code: '4006381333931', format: 'ean13' });
    expect(readBarcode('9790230671187')).toEqual({ kind: 'product', code: '9790230671187', format: 'ean13' });
    expect(readBarcode('036000291452')).toEqual({ kind: 'product', code: '036000291452', format: 'upca' });
    expect(readBarcode('96385074')).toEqual({ kind: 'product', code: '96385074', format: 'ean8' });
    expect(readBarcode('04252614')).toEqual({ kind: 'product', code: '04252614', format: 'upce' });
  });

  it('refuses wrong check digits and lengths no symbology has', () => {
    for (const code of ['0306406153', '9780306406158', '4006381333932', '036000291453', '96385075', '04252615']) {
      expect(readBarcode(code), code).toBeNull();
    }
    expect(readBarcode('123456789')).toBeNull();
    expect(readBarcode('12345678901')).toBeNull();
    expect(readBarcode('12345678901X')).toBeNull();
  });
});
