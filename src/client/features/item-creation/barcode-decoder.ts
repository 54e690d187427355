/**
 * Reads a product or book barcode from a photo in the browser, with the
 * `barcode-detector` ponyfill over zxing-wasm (Debian's Chromium and most
 * browsers outside Android have no native BarcodeDetector).
 *
 * Everything here is loaded on first use only: the ponyfill and its ~1 MB
 * WebAssembly stay out of every page's first load. The `.wasm` is served by
 * us (Vite's `?url` import copies it into the build), because the library
 * fetches it from a CDN by default; compiling it needs `'wasm-unsafe-eval'`
 * in the CSP's script-src (src/server/http/security.ts).
 */

/** The digits of the first retail barcode found, or null when the photo has none that can be read. */
export type BarcodeDecoder = (image: Blob) => Promise<string | null>;

/** Retail codes only: a QR code or a shipping label is not an item we can name. */
const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'isbn'] as const;

type Detector = { detect: (image: Blob) => Promise<{ rawValue: string }[]> };
let detector: Promise<Detector> | undefined;

async function loadDetector(): Promise<Detector> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file),
    },
  });
  return new BarcodeDetector({ formats: [...FORMATS] });
}

export const decodeBarcode: BarcodeDecoder = async (image) => {
  detector ??= loadDetector();
  let found: { rawValue: string }[];
  try {
    found = await (await detector).detect(image);
  } catch (error) {
    // A failed load (offline, blocked) may succeed on the next try.
    detector = undefined;
    throw error;
  }
  const digits = found.map((barcode) => barcode.rawValue.trim()).find((value) => /^[0-9]{8,13}$/.test(value));
  return digits ?? null;
};
