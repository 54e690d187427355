import type { LucideIcon } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import type { ItemCategory } from '../../contract/enums';

/** One hue per category, so a shelf of demo items reads at a glance. */
const CATEGORY_HUE: Record<ItemCategory, number> = {
  electronics: 212,
  tools: 24,
  books: 275,
  sports: 140,
  kitchen: 4,
  furniture: 36,
  clothing: 326,
  toys: 48,
  outdoor: 172,
  other: 228,
};

const WIDTH = 800;
const HEIGHT = 600;
const ICON = 300;

/**
 * A simple, recognisable stand-in photo for a demo item: the item's Lucide
 * icon (the icon set the client already uses, rendered to SVG markup with
 * React's server renderer) in white on a gradient of its category's colour.
 * No text, so no font has to be installed. `variant` 1 is a second view
 * (tilted, shifted colour) for items with two photos. Returns PNG bytes,
 * which the seed uploads through the app's own photo pipeline.
 */
export async function renderItemPhoto(
  icon: LucideIcon,
  category: ItemCategory,
  seed: string,
  variant = 0,
): Promise<Buffer> {
  // A small shift per item keeps two items of one category apart.
  const hue = (CATEGORY_HUE[category] + (hashOf(seed) % 24) - 12 + variant * 18 + 360) % 360;
  const glyph = renderToStaticMarkup(createElement(icon, { size: ICON, color: '#ffffff', strokeWidth: 1.4 }));
  const tilt = variant === 0 ? 0 : -14;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 62%, 60%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 24) % 360}, 58%, 38%)"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="${WIDTH / 2 + variant * 60}" cy="${HEIGHT / 2}" r="220" fill="#ffffff" fill-opacity="0.16"/>
  <circle cx="${WIDTH - 90}" cy="90" r="${36 + variant * 20}" fill="#ffffff" fill-opacity="0.10"/>
  <g transform="rotate(${tilt} ${WIDTH / 2} ${HEIGHT / 2}) translate(${(WIDTH - ICON) / 2 + variant * 60} ${(HEIGHT - ICON) / 2})">${glyph}</g>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}
