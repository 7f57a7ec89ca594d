import { crc32 } from 'node:zlib';
import type { ImageKind } from '@aiamarket/shared';

/**
 * Decides what an uploaded file is from its bytes alone (never its name or declared type) and
 * refuses polyglots: a JPEG, PNG or GIF must be well-formed from its signature to its end marker
 * with nothing after it, and no file may carry HTML, script or PHP markup anywhere in its bytes
 * (a browser or another server that sniffs content must never see a page in an image).
 */
export type Detection = { kind: ImageKind; size?: Dimensions } | { kind: null; reason: string };

/**
 * Declared pixel dimensions of a raster image, from its headers (the pixel data is never decoded).
 * For a GIF, the largest of the screen and of each frame, as a decoder allocates each (a side is 0
 * when the screen or any frame has it empty).
 */
export interface Dimensions {
  width: number;
  height: number;
}

/** A check returns what is wrong with the file, or its dimensions. */
type Check = (b: Buffer) => string | Dimensions;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Markup that turns a file into something a sniffing client could run. */
const MARKUP =
  /<(script|html|body|head|iframe|object|embed|svg|math)[\s>/]|<\?(php|xml)|<!(doctype|entity)|javascript:/;

export function detectImage(bytes: Buffer): Detection {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return raster('png', bytes, checkPng);
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return raster('jpeg', bytes, checkJpeg);
  }
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return raster('gif', bytes, checkGif);
  if (looksLikeSvg(bytes)) {
    // Script and the like inside an SVG are removed by the sanitiser; a doctype with an internal
    // subset or entity declarations is refused outright (entity expansion, external entities).
    const text = bytes.toString('utf8');
    if (/<!doctype[^>]*\[|<!entity/i.test(text)) {
      return { kind: null, reason: 'SVG with entity declarations' };
    }
    return { kind: 'svg' };
  }
  return { kind: null, reason: 'not a JPEG, PNG, GIF or SVG file' };
}

function raster(kind: ImageKind, bytes: Buffer, check: Check): Detection {
  const result = check(bytes);
  if (typeof result === 'string') return { kind: null, reason: `malformed ${kind}: ${result}` };
  const markup = MARKUP.exec(bytes.toString('latin1').toLowerCase());
  if (markup) return { kind: null, reason: `${kind} carrying markup (${markup[0]})` };
  return { kind, size: result };
}

/** Whether declared dimensions are within the pixel budget and have no empty side. */
export function acceptableDimensions(size: Dimensions, maxPixels: number): boolean {
  return size.width > 0 && size.height > 0 && size.width * size.height <= maxPixels;
}

function looksLikeSvg(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 4096));
  } catch {
    // A multi-byte character cut at 4096 bytes is fine; anything else is not UTF-8 text.
    if (bytes.length <= 4096) return false;
    text = bytes.subarray(0, 4096).toString('utf8');
  }
  text = text.replace(/^\uFEFF/, '');
  // Optional XML declaration, comments, processing instructions and a doctype, then <svg.
  return /^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>)\s*)*<svg[\s>/]/i.test(
    text,
  );
}

/** PNG: signature, IHDR first, chunks with valid CRCs, IEND last, nothing after it. */
function checkPng(b: Buffer): string | Dimensions {
  let pos = 8;
  let first = true;
  while (pos + 12 <= b.length) {
    const length = b.readUInt32BE(pos);
    const type = b.subarray(pos + 4, pos + 8).toString('latin1');
    if (!/^[A-Za-z]{4}$/.test(type)) return 'bad chunk type';
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > b.length) return 'truncated chunk';
    if (first && (type !== 'IHDR' || length !== 13)) return 'IHDR is not first';
    first = false;
    const crc = b.readUInt32BE(pos + 8 + length);
    if (crc32(b.subarray(pos + 4, pos + 8 + length)) !== crc) return `bad CRC in ${type}`;
    pos = end;
    if (type === 'IEND') {
      if (pos !== b.length) return 'data after IEND';
      return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
    }
  }
  return 'no IEND';
}

/** GIF: header, screen descriptor, blocks, and the trailer as the last byte. */
function checkGif(b: Buffer): string | Dimensions {
  if (b.length < 13) return 'truncated header';
  let width = b.readUInt16LE(6);
  let height = b.readUInt16LE(8);
  let pos = 13;
  const packed = b[10]!;
  if (packed & 0x80) pos += 3 * (1 << ((packed & 0x07) + 1));
  const subBlocks = (): boolean => {
    for (;;) {
      if (pos >= b.length) return false;
      const size = b[pos]!;
      pos += 1 + size;
      if (size === 0) return pos <= b.length;
    }
  };
  while (pos < b.length) {
    const block = b[pos]!;
    if (block === 0x3b) return pos === b.length - 1 ? { width, height } : 'data after the trailer';
    if (block === 0x21) {
      pos += 2; // introducer and label
      if (!subBlocks()) return 'truncated extension';
    } else if (block === 0x2c) {
      if (pos + 10 > b.length) return 'truncated image descriptor';
      // A frame may declare a larger (or empty) area than the screen.
      const frameWidth = b.readUInt16LE(pos + 5);
      const frameHeight = b.readUInt16LE(pos + 7);
      // An empty frame makes the whole image count as empty.
      width = frameWidth === 0 ? 0 : width && Math.max(width, frameWidth);
      height = frameHeight === 0 ? 0 : height && Math.max(height, frameHeight);
      const local = b[pos + 9]!;
      pos += 10;
      if (local & 0x80) pos += 3 * (1 << ((local & 0x07) + 1));
      pos += 1; // LZW minimum code size
      if (!subBlocks()) return 'truncated image data';
    } else {
      return 'unknown block';
    }
  }
  return 'no trailer';
}

/** JPEG: SOI, marker segments, entropy-coded scans, and EOI as the last two bytes. */
function checkJpeg(b: Buffer): string | Dimensions {
  let pos = 2;
  let size: Dimensions | undefined;
  for (;;) {
    if (pos >= b.length) return 'no EOI';
    if (b[pos] !== 0xff) return 'expected a marker';
    while (pos < b.length && b[pos] === 0xff) pos++; // fill bytes
    if (pos >= b.length) return 'no EOI';
    const marker = b[pos]!;
    pos++;
    if (marker === 0xd9) {
      if (pos !== b.length) return 'data after EOI';
      return size ?? 'no frame header';
    }
    if (marker === 0xd8 || marker === 0x00) return 'unexpected marker';
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (pos + 2 > b.length) return 'truncated segment';
    const length = b.readUInt16BE(pos);
    if (length < 2 || pos + length > b.length) return 'truncated segment';
    // SOF0-15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 7) return 'truncated frame header';
      // A height of 0 (set later by a DNL marker) counts as an empty side.
      size = { width: b.readUInt16BE(pos + 5), height: b.readUInt16BE(pos + 3) };
    }
    pos += length;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
      for (;;) {
        if (pos + 1 >= b.length) return 'truncated scan';
        if (b[pos] === 0xff) {
          const next = b[pos + 1]!;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
            pos += next === 0xff ? 1 : 2;
            continue;
          }
          break;
        }
        pos++;
      }
    }
  }
}
