// Writes the installable app's PNG icons (public/icons/) from the logo in
// public/favicon.svg. Run once after the logo changes: `node scripts/generate-app-icons.mjs`.
// The PNGs are committed, so neither the build nor the server needs sharp for them.
import { Buffer } from 'node:buffer';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const logo = readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');
const outDir = path.join(root, 'public', 'icons');

// The logo's own parts: its brand square's colour and the two-arrow path.
const fill = /<rect[^>]*fill="([^"]+)"/.exec(logo)?.[1];
const arrows = /<path[^>]*d="([^"]+)"/.exec(logo)?.[1];
if (!fill || !arrows) throw new Error('public/favicon.svg no longer has the brand square and arrow path');

/**
 * Maskable icons are cropped by the launcher to a circle or squircle that
 * keeps only the centre 80 %: the background fills the whole square and the
 * arrows shrink to 70 % so they stay inside that safe zone.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${fill}"/><path transform="translate(16 16) scale(0.7) translate(-16 -16)" d="${arrows}" fill="#fff"/></svg>`;

const icons = [
  { file: 'icon-192.png', svg: logo, size: 192 },
  { file: 'icon-512.png', svg: logo, size: 512 },
  { file: 'icon-maskable-512.png', svg: maskable, size: 512 },
  // iOS takes its home-screen icon from <link rel="apple-touch-icon"> and rounds the corners itself.
  { file: 'apple-touch-icon-180.png', svg: maskable, size: 180 },
];

mkdirSync(outDir, { recursive: true });
for (const icon of icons) {
  // density scales the 32-unit SVG up before rasterising, so edges stay sharp at 512 px.
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, icon.file));
  console.log(`public/icons/${icon.file}`);
}
