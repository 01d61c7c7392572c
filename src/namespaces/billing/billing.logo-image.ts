import { crc32 } from 'node:zlib';

/** A logo's image as read from its own bytes: its type and its size in pixels. */
export interface LogoImage {
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

export const MIN_LOGO_PIXELS = 16;
export const MAX_LOGO_PIXELS = 2000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The bit depths PNG allows for each colour type (PNG specification, 11.2.2). */
const PNG_DEPTHS: Readonly<Record<number, readonly number[]>> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** The reason the bytes are no logo, or the image. */
export type LogoReading = LogoImage | { refusal: string };

/**
 * Reads a logo's type and size from its bytes: a PNG (signature, then every chunk whole with its
 * CRC, a valid IHDR first, image data, IEND last) or a baseline or progressive JPEG (its segments up
 * to the frame header, SOF, which gives its size). Anything else, a GIF or a file with a bogus
 * header included, is refused with the reason; so is a size outside 16..2000 pixels.
 */
export function readLogoImage(bytes: Buffer): LogoReading {
  const image = bytes.subarray(0, 8).equals(PNG_SIGNATURE) ? readPng(bytes) : bytes[0] === 0xff && bytes[1] === 0xd8 ? readJpeg(bytes) : { refusal: 'is not a PNG or JPEG image' };
  if ('refusal' in image) return image;
  const outside = (n: number) => n < MIN_LOGO_PIXELS || n > MAX_LOGO_PIXELS;
  if (outside(image.width) || outside(image.height)) {
    return { refusal: `is ${image.width} × ${image.height} pixels: a logo is ${MIN_LOGO_PIXELS} to ${MAX_LOGO_PIXELS} pixels wide and high` };
  }
  return image;
}

function readPng(bytes: Buffer): LogoReading {
  let at = PNG_SIGNATURE.length;
  let header: LogoImage | null = null;
  let hasData = false;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) return { refusal: `is a PNG whose ${type} chunk is cut short` };
    if (bytes.readUInt32BE(end - 4) !== crc32(bytes.subarray(at + 4, end - 4))) return { refusal: `is a PNG whose ${type} chunk is damaged (its CRC does not match)` };
    const data = bytes.subarray(at + 8, end - 4);
    if (!header) {
      if (type !== 'IHDR' || length !== 13) return { refusal: 'is a PNG without its IHDR header first' };
      const reading = pngHeader(data);
      if ('refusal' in reading) return reading;
      header = reading;
    } else if (type === 'IDAT') {
      hasData = true;
    } else if (type === 'IEND') {
      return hasData ? header : { refusal: 'is a PNG without image data' };
    }
    at = end;
  }
  return { refusal: 'is a PNG cut short (no IEND chunk)' };
}

function pngHeader(data: Buffer): LogoReading {
  const width = data.readUInt32BE(0);
  const height = data.readUInt32BE(4);
  const [depth = 0, colour = 0, compression, filter, interlace] = data.subarray(8);
  if (!PNG_DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) {
    return { refusal: 'is a PNG whose IHDR header is not valid' };
  }
  return { contentType: 'image/png', width, height };
}

/** Start-of-frame markers (ITU T.81, B.1.1.3): every one but DHT (C4), JPG (C8) and DAC (CC). */
const isFrameMarker = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM and RST0..7. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

function readJpeg(bytes: Buffer): LogoReading {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return { refusal: 'is a JPEG whose segments cannot be read' };
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (standsAlone(marker)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda || marker === 0xd8) return { refusal: 'is a JPEG without a frame header before its image data' };
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return { refusal: 'is a JPEG whose segments cannot be read' };
    if (isFrameMarker(marker)) return jpegFrame(bytes.subarray(at + 4, at + 2 + length));
    at += 2 + length;
  }
  return { refusal: 'is a JPEG cut short (no frame header)' };
}

function jpegFrame(frame: Buffer): LogoReading {
  if (frame.length < 6) return { refusal: 'is a JPEG whose frame header is not valid' };
  const precision = frame[0];
  const height = frame.readUInt16BE(1);
  const width = frame.readUInt16BE(3);
  const components = frame[5] ?? 0;
  if (precision !== 8 || ![1, 3, 4].includes(components) || frame.length < 6 + 3 * components) {
    return { refusal: 'is a JPEG whose frame header is not valid (8-bit greyscale, colour or CMYK images only)' };
  }
  return { contentType: 'image/jpeg', width, height };
}
