import type { PictureType } from '../../src/domain/pictures.ts'

export interface PictureHeader {
  type: PictureType
  width: number
  height: number
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b)
const u16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0)
const u32 = (b: Uint8Array, at: number) => u16(b, at) * 0x10000 + u16(b, at + 2)

/**
 * A picture's type and size read from its first bytes (never from its name or the type it was sent as), before any
 * decoding: undefined when it is neither a JPEG nor a PNG, or names no size. A decoder then trusts these dimensions,
 * so a picture too big to decode is refused without being decoded.
 */
export function readPictureHeader(bytes: Uint8Array): PictureHeader | undefined {
  if (startsWith(bytes, pngSignature)) {
    // The first chunk is IHDR (the PNG standard requires it): width and height come first in it.
    if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined
    return sized('image/png', u32(bytes, 16), u32(bytes, 20))
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpegHeader(bytes)
  return undefined
}

const sized = (type: PictureType, width: number, height: number): PictureHeader | undefined => (width > 0 && height > 0 ? { type, width, height } : undefined)

// Start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the frame's size.
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

/** Walks a JPEG's segments up to its frame header. */
function jpegHeader(bytes: Uint8Array): PictureHeader | undefined {
  let at = 2
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined
    const marker = bytes[at + 1] ?? 0
    // Fill bytes before a marker, and the markers that stand alone without a length.
    if (marker === 0xff) {
      at += 1
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2
      continue
    }
    // The scan begins before any frame was declared: not a picture a decoder could size.
    if (marker === 0xda || marker === 0xd9) return undefined
    const length = u16(bytes, at + 2)
    if (isStartOfFrame(marker)) return at + 9 <= bytes.length ? sized('image/jpeg', u16(bytes, at + 7), u16(bytes, at + 5)) : undefined
    if (length < 2) return undefined
    at += 2 + length
  }
  return undefined
}
