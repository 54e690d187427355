/**
 * The rules of the numbers a scanner reads (issue 16 §3): which ones are
 * books (ISBN) and which are other products, and whether their check digit
 * holds. Pure functions: the browser decodes the bars, the server decides
 * what the digits mean, so a mistyped or misread code never becomes an item.
 */

export type ProductCodeFormat = 'ean13' | 'ean8' | 'upca' | 'upce';

/** What a scanned code is: a book by its ISBN-13, or another product. */
export type BarcodeReading =
  { kind: 'isbn'; isbn13: string } | { kind: 'product'; code: string; format: ProductCodeFormat };

/**
 * Reads a code as the contract lets it through (8–13 digits, or 9 digits and
 * a final X). Null when no checksum rule accepts it.
 *
 * - 10 characters: only an ISBN-10 (no product code has 10 digits); it is
 *   converted to its ISBN-13, the form the lookup and the cache use.
 * - 13 digits starting 978 or 979 (but not 9790, the ISMN of printed music):
 *   an ISBN-13 (a "Bookland" EAN-13).
 * - other 13 digits: EAN-13; 12 digits: UPC-A; 8 digits: EAN-8, or UPC-E
 *   (number system 0 or 1) when only its expanded form's check digit holds.
 */
export function readBarcode(raw: string): BarcodeReading | null {
  const code = raw.trim().toUpperCase();
  if (code.length === 10) return isValidIsbn10(code) ? { kind: 'isbn', isbn13: isbn10ToIsbn13(code) } : null;
  if (!/^[0-9]+$/.test(code)) return null;
  switch (code.length) {
    case 13:
      if (!hasGtinCheckDigit(code)) return null;
      return isBooklandPrefix(code) ? { kind: 'isbn', isbn13: code } : { kind: 'product', code, format: 'ean13' };
    case 12:
      return hasGtinCheckDigit(code) ? { kind: 'product', code, format: 'upca' } : null;
    case 8:
      if (hasGtinCheckDigit(code)) return { kind: 'product', code, format: 'ean8' };
      return isValidUpcE(code) ? { kind: 'product', code, format: 'upce' } : null;
    default:
      return null;
  }
}

/** ISBN-10: ten positions weighted 10 down to 1 sum to a multiple of 11; the last may be X (10). */
export function isValidIsbn10(code: string): boolean {
  if (!/^[0-9]{9}[0-9X]$/i.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const char = code[i] ?? '';
    const value = char === 'X' || char === 'x' ? 10 : Number(char);
    sum += (10 - i) * value;
  }
  return sum % 11 === 0;
}

/** ISBN-13: an EAN-13 with the Bookland prefix 978 or 979 and a valid check digit. */
export function isValidIsbn13(code: string): boolean {
  return /^[0-9]{13}$/.test(code) && isBooklandPrefix(code) && hasGtinCheckDigit(code);
}

/** 978 + the ISBN-10's first nine digits + a new EAN check digit. The caller has checked the ISBN-10. */
export function isbn10ToIsbn13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  return body + gtinCheckDigit(body);
}

/**
 * The check digit rule shared by EAN-13, EAN-8 and UPC-A (all GTINs): from
 * the right, the digits before the check digit weigh 3, 1, 3, 1, …; the
 * check digit brings the sum to a multiple of 10.
 */
export function hasGtinCheckDigit(code: string): boolean {
  if (!/^[0-9]{8,14}$/.test(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === code.at(-1);
}

export function isValidEan13(code: string): boolean {
  return code.length === 13 && hasGtinCheckDigit(code);
}

export function isValidEan8(code: string): boolean {
  return code.length === 8 && hasGtinCheckDigit(code);
}

export function isValidUpcA(code: string): boolean {
  return code.length === 12 && hasGtinCheckDigit(code);
}

/** UPC-E: 8 digits, number system 0 or 1; its check digit is that of the UPC-A it stands for. */
export function isValidUpcE(code: string): boolean {
  const upcA = expandUpcE(code);
  return upcA !== null && hasGtinCheckDigit(upcA);
}

/**
 * The UPC-A a zero-suppressed UPC-E stands for (GS1 General Specifications,
 * UPC-E): the sixth data digit says where the zeros were taken out.
 */
export function expandUpcE(code: string): string | null {
  if (!/^[01][0-9]{7}$/.test(code)) return null;
  const numberSystem = code.slice(0, 1);
  const [d1, d2, d3, d4, d5, d6] = code.slice(1, 7);
  const check = code.slice(7);
  let body: string;
  switch (d6) {
    case '0':
    case '1':
    case '2':
      body = `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
      break;
    case '3':
      body = `${d1}${d2}${d3}00000${d4}${d5}`;
      break;
    case '4':
      body = `${d1}${d2}${d3}${d4}00000${d5}`;
      break;
    default:
      body = `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
  return `${numberSystem}${body}${check}`;
}

function gtinCheckDigit(digitsBeforeCheck: string): string {
  let sum = 0;
  for (let i = 0; i < digitsBeforeCheck.length; i++) {
    const fromRight = digitsBeforeCheck.length - 1 - i;
    sum += Number(digitsBeforeCheck[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return String((10 - (sum % 10)) % 10);
}

/** 978 and 979 are books; 979-0 is the ISMN of printed music, not a book Open Library knows. */
function isBooklandPrefix(code: string): boolean {
  return (code.startsWith('978') || code.startsWith('979')) && !code.startsWith('9790');
}
