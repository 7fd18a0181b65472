// Writes web/public/icons/*: icon.svg (favicon), PNGs for the manifest and Apple, a maskable icon and the
// monochrome notification badge. Uses sharp (already in node_modules through the toolchain).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { iconSvg } from './icon.mjs';

const out = join(dirname(fileURLToPath(import.meta.url)), '../public/icons');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'icon.svg'), iconSvg());
const png = (svg, size, name) =>
  sharp(Buffer.from(svg), { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toFile(join(out, name));
await png(iconSvg(), 192, 'icon-192.png');
await png(iconSvg(), 512, 'icon-512.png');
await png(iconSvg({ maskable: true }), 512, 'icon-maskable-512.png');
await png(iconSvg({ maskable: true }), 180, 'apple-touch-icon.png');
await png(iconSvg({ mono: true }), 72, 'badge-72.png');
console.log('icons written to', out);
