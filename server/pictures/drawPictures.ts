import { createJimp } from '@jimp/core'
import jpeg from '@jimp/js-jpeg'
import png from '@jimp/js-png'
import { methods as contain } from '@jimp/plugin-contain'
import { methods as cover } from '@jimp/plugin-cover'
import { methods as resize } from '@jimp/plugin-resize'

/** A size to draw a picture at: cover fills it (cropping the overflow), contain fits it whole (padding the rest). */
export interface PictureBox {
  width: number
  height: number
  fit: 'cover' | 'contain'
}

export type DrawnType = 'image/jpeg' | 'image/png'

const Jimp = createJimp({ formats: [jpeg, png], plugins: [resize, cover, contain] })
type Picture = Awaited<ReturnType<typeof Jimp.fromBuffer>>

/** What a JPEG shows where the picture is transparent, and what contain pads a JPEG with: white, as on the card. */
const white = 0xffffffff

/**
 * Decodes a JPEG or PNG once and draws it at each box, in the boxes' order. Pure computation (seconds of CPU for a
 * large picture): resizePicture runs it in a worker thread. A box with the fit and shape of a larger one already drawn
 * is drawn from that one, so the full-size picture is copied only when it must be.
 */
export async function drawPictures(bytes: Uint8Array, boxes: readonly PictureBox[], type: DrawnType): Promise<Uint8Array[]> {
  const original = await Jimp.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  if (type === 'image/jpeg') original.background = white
  const order = boxes.map((box, index) => ({ box, index })).sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)
  const drawn: { box: PictureBox; picture: Picture }[] = []
  const sources = order.map(({ box }, i) => order.slice(0, i).find((earlier) => derivable(earlier.box, box))?.box)
  let originalUsesLeft = sources.filter((s) => s === undefined).length
  const results: Uint8Array[] = []
  for (const [i, { box, index }] of order.entries()) {
    const from = sources[i]
    let picture: Picture
    if (from) picture = (drawn.find((d) => d.box === from)?.picture ?? original).clone()
    else picture = --originalUsesLeft > 0 ? original.clone() : original
    const options = { w: box.width, h: box.height }
    if (box.fit === 'cover') picture.cover(options)
    else picture.contain(options)
    drawn.push({ box, picture })
    if (type === 'image/jpeg') onWhite(picture)
    results[index] = new Uint8Array(type === 'image/jpeg' ? await picture.getBuffer(type, { quality: 80 }) : await picture.getBuffer(type))
  }
  return results
}

/** Whether `small` can be drawn from `large` already drawn: the same fit and shape, and no bigger. */
const derivable = (large: PictureBox, small: PictureBox) =>
  large.fit === small.fit && large.width * small.height === small.width * large.height && large.width >= small.width

/** Blends each pixel over white (a JPEG has no transparency: a PNG's see-through parts would turn black). */
function onWhite(picture: Picture): void {
  const data = picture.bitmap.data
  for (let at = 0; at < data.length; at += 4) {
    const alpha = data[at + 3] ?? 255
    if (alpha === 255) continue
    for (let c = 0; c < 3; c++) data[at + c] = Math.round(((data[at + c] ?? 0) * alpha + 255 * (255 - alpha)) / 255)
    data[at + 3] = 255
  }
}
