import type { Language } from '../../contract/enums';

interface BarcodeItemTexts {
  /** The name of a book whose details are unknown. */
  bookName: (isbn: string) => string;
  /** "by <authors> · ISBN <isbn>" with the names already joined. */
  bookByAuthors: (authors: string, isbn: string) => string;
  /** The name of a product: the person names it in the edit dialog that opens. */
  productName: (code: string) => string;
  productDescription: (code: string) => string;
}

/**
 * The name and description of an item made from a barcode. These are stored
 * data in the language the person scanned in, not interface texts: they stay
 * as written when the person (or a borrower) reads them in another language,
 * so they are built here rather than taken from the client's translation files.
 * Only nouns and "by" are needed (French "par": "de" would need elision, "d’Albert").
 */
const TEXTS: Record<Language, BarcodeItemTexts> = {
  en: {
    bookName: (isbn) => `Book ${isbn}`,
    bookByAuthors: (authors, isbn) => `by ${authors} · ISBN ${isbn}`,
    productName: (code) => `Product ${code}`,
    productDescription: (code) => `Barcode ${code}`,
  },
  de: {
    bookName: (isbn) => `Buch ${isbn}`,
    bookByAuthors: (authors, isbn) => `von ${authors} · ISBN ${isbn}`,
    productName: (code) => `Produkt ${code}`,
    productDescription: (code) => `Strichcode ${code}`,
  },
  fr: {
    bookName: (isbn) => `Livre ${isbn}`,
    bookByAuthors: (authors, isbn) => `par ${authors} · ISBN ${isbn}`,
    productName: (code) => `Produit ${code}`,
    productDescription: (code) => `Code-barres ${code}`,
  },
  it: {
    bookName: (isbn) => `Libro ${isbn}`,
    bookByAuthors: (authors, isbn) => `di ${authors} · ISBN ${isbn}`,
    productName: (code) => `Prodotto ${code}`,
    productDescription: (code) => `Codice a barre ${code}`,
  },
};

export function barcodeItemTexts(language: Language): BarcodeItemTexts {
  return TEXTS[language];
}

/** The ISBN alone: the same words in every language. */
export const isbnDescription = (isbn: string) => `ISBN ${isbn}`;

/** "A, B and C" / "A, B und C" / "A, B et C" / "A, B e C", from the ICU data Node ships with. */
export function joinNames(names: readonly string[], language: Language): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
}
