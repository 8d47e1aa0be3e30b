import { createJimp } from '@jimp/core'
import jpeg from '@jimp/js-jpeg'
import png from '@jimp/js-png'

const Jimp = createJimp({ formats: [jpeg, png] })

/**
 * A picture of `width`×`height` as a phone's camera or an editor would send it: a left half red and a right half blue
 * (so a crop shows), optionally see-through (PNG).
 */
export async function testPicture(width: number, height: number, type: 'image/jpeg' | 'image/png', { alpha = 255 } = {}): Promise<Uint8Array<ArrayBuffer>> {
  const picture = new Jimp({ width, height, color: 0xff0000ff })
  const data = picture.bitmap.data
  for (let y = 0; y < height; y++)
    for (let x = Math.floor(width / 2); x < width; x++) {
      const at = (y * width + x) * 4
      data[at] = 0
      data[at + 2] = 255
    }
  for (let at = 3; at < data.length; at += 4) data[at] = alpha
  return new Uint8Array(await picture.getBuffer(type))
}

/** The colour of one pixel of a JPEG or PNG, as [r, g, b, a]. */
export async function pixelOf(bytes: Uint8Array, x: number, y: number): Promise<number[]> {
  const picture = await Jimp.fromBuffer(Buffer.from(bytes))
  const at = (y * picture.bitmap.width + x) * 4
  return [...picture.bitmap.data.subarray(at, at + 4)]
}
