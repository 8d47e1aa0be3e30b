import { describe, expect, it } from 'vitest'
import { readPictureHeader } from '../../../server/pictures/pictureHeader.ts'
import { resizePicture, resizePictures } from '../../../server/pictures/resizePicture.ts'
import { pixelOf, testPicture } from '../helpers/pictures.ts'

const near = (actual: number[], expected: number[]) => actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= 24)

describe('resizePicture', () => {
  it('cover-crops a wide PNG to a 4:3 JPEG of the size asked for', async () => {
    const wide = await testPicture(1200, 400, 'image/png')
    const card = await resizePicture(wide, { width: 320, height: 240, fit: 'cover' }, 'image/jpeg')
    expect(readPictureHeader(card)).toEqual({ type: 'image/jpeg', width: 320, height: 240 })
    // The middle of the picture is kept: red on the left of the card, blue on its right.
    expect(near(await pixelOf(card, 10, 120), [255, 0, 0, 255])).toBe(true)
    expect(near(await pixelOf(card, 310, 120), [0, 0, 255, 255])).toBe(true)
  })

  it('fits a JPEG whole inside a square PNG, the rest see-through', async () => {
    const photo = await testPicture(800, 400, 'image/jpeg')
    const icon = await resizePicture(photo, { width: 192, height: 192, fit: 'contain' }, 'image/png')
    expect(readPictureHeader(icon)).toEqual({ type: 'image/png', width: 192, height: 192 })
    expect((await pixelOf(icon, 96, 2))[3]).toBe(0)
    expect(near(await pixelOf(icon, 10, 96), [255, 0, 0, 255])).toBe(true)
  })

  it('puts a see-through PNG on white when it becomes a JPEG', async () => {
    const faint = await testPicture(400, 300, 'image/png', { alpha: 0 })
    const card = await resizePicture(faint, { width: 320, height: 240, fit: 'cover' }, 'image/jpeg')
    expect(near(await pixelOf(card, 160, 120), [255, 255, 255, 255])).toBe(true)
  })

  it('draws every size asked for from one decoding, each in the order asked', async () => {
    const photo = await testPicture(1000, 1000, 'image/jpeg')
    const sizes = await resizePictures(
      photo,
      [
        { width: 320, height: 240, fit: 'cover' },
        { width: 640, height: 480, fit: 'cover' },
        { width: 100, height: 100, fit: 'contain' },
      ],
      'image/jpeg',
    )
    expect(sizes.map((s) => readPictureHeader(s))).toEqual([
      { type: 'image/jpeg', width: 320, height: 240 },
      { type: 'image/jpeg', width: 640, height: 480 },
      { type: 'image/jpeg', width: 100, height: 100 },
    ])
  })

  it('refuses bytes that are no picture', async () => {
    await expect(resizePicture(new TextEncoder().encode('not a picture at all'), { width: 10, height: 10, fit: 'cover' }, 'image/jpeg')).rejects.toThrow()
  })
})
