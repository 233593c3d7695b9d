// Draws the extension's icon (a ticked box inside a shield-blue rounded square) at every size
// the manifest and stores ask for, as PNG files in public/icon/. Run: npx tsx scripts/icons.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

function png(size: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())]);
}

/** Distance from point p to the segment a–b. */
function segment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const t = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
}

function icon(size: number): Buffer {
  const samples = 4;
  return png(size, (x, y) => {
    let bg = 0;
    let tick = 0;
    for (let i = 0; i < samples; i++) {
      for (let j = 0; j < samples; j++) {
        const u = (x + (i + 0.5) / samples) / size;
        const v = (y + (j + 0.5) / samples) / size;
        const r = 0.2;
        const dx = Math.max(Math.abs(u - 0.5) - (0.5 - r), 0);
        const dy = Math.max(Math.abs(v - 0.5) - (0.5 - r), 0);
        if (Math.hypot(dx, dy) <= r) bg++;
        const d = Math.min(segment(u, v, 0.26, 0.52, 0.43, 0.7), segment(u, v, 0.43, 0.7, 0.76, 0.3));
        if (d <= 0.075) tick++;
      }
    }
    const n = samples * samples;
    const a = bg / n;
    const t = tick / n;
    const mix = (c0: number, c1: number) => Math.round(c0 * (1 - t) + c1 * t);
    return [mix(0x2f, 0xff), mix(0x6f, 0xff), mix(0xb3, 0xff), Math.round(255 * a)];
  });
}

mkdirSync(new URL('../public/icon/', import.meta.url), { recursive: true });
for (const size of [16, 32, 48, 96, 128]) {
  writeFileSync(new URL(`../public/icon/${size}.png`, import.meta.url), icon(size));
}
