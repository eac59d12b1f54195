// `node scripts/favicon.mjs`: draws public/favicon.ico from the same shapes as public/favicon.svg
// (a card on a blue tile), at 16, 32 and 48 pixels, for browsers that ask for /favicon.ico.
// The shapes are few and plain, so they are drawn here rather than with an image library.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The icon on a 32×32 grid, painted in order: [x, y, width, height, corner radius, RGB]. */
const BLUE = [0x18, 0x64, 0xab];
const WHITE = [0xff, 0xff, 0xff];
const SHAPES = [
  [0, 0, 32, 32, 7, BLUE],
  [5, 8.5, 22, 15, 2.5, WHITE],
  [5, 11.5, 22, 3.5, 0, BLUE],
  [8.5, 18, 7, 2.5, 1, BLUE],
];
const SIZES = [16, 32, 48];
/** Samples per pixel along each axis, for smooth edges. */
const SAMPLES = 4;

function inside([x, y, w, h, r], px, py) {
  if (px < x || py < y || px > x + w || py > y + h) return false;
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + h - r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

/** One image as a 32-bit BMP without its file header, as an ICO entry holds it. */
function bitmap(size) {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8); // the colour rows and the mask rows
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  const pixels = Buffer.alloc(size * size * 4);
  const scale = 32 / size;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const px = (col + (sx + 0.5) / SAMPLES) * scale;
          const py = (row + (sy + 0.5) / SAMPLES) * scale;
          const shape = SHAPES.findLast((s) => inside(s, px, py));
          if (!shape) continue;
          r += shape[5][0];
          g += shape[5][1];
          b += shape[5][2];
          a += 1;
        }
      }
      // Rows are stored bottom-up, each pixel as blue, green, red, alpha.
      const offset = ((size - 1 - row) * size + col) * 4;
      pixels[offset] = a ? Math.round(b / a) : 0;
      pixels[offset + 1] = a ? Math.round(g / a) : 0;
      pixels[offset + 2] = a ? Math.round(r / a) : 0;
      pixels[offset + 3] = Math.round((a / (SAMPLES * SAMPLES)) * 255);
    }
  }
  // The AND mask: all clear, since the alpha channel says what shows; rows padded to 4 bytes.
  const mask = Buffer.alloc(Math.ceil(size / 32) * 4 * size);
  return Buffer.concat([header, pixels, mask]);
}

const images = SIZES.map(bitmap);
const directory = Buffer.alloc(6 + 16 * images.length);
directory.writeUInt16LE(0, 0);
directory.writeUInt16LE(1, 2);
directory.writeUInt16LE(images.length, 4);
let offset = directory.length;
images.forEach((image, index) => {
  const entry = 6 + index * 16;
  const size = SIZES[index];
  directory.writeUInt8(size, entry);
  directory.writeUInt8(size, entry + 1);
  directory.writeUInt16LE(1, entry + 4);
  directory.writeUInt16LE(32, entry + 6);
  directory.writeUInt32LE(image.length, entry + 8);
  directory.writeUInt32LE(offset, entry + 12);
  offset += image.length;
});
writeFileSync(join(import.meta.dirname, '../public/favicon.ico'), Buffer.concat([directory, ...images]));
