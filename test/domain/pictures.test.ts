import { describe, expect, it } from 'vitest'
import {
  CATALOGUE_PICTURES_PATH,
  PICTURE_WIDTHS,
  cataloguePicturePath,
  parseCataloguePicturePath,
  pictureHeight,
  pictureSrcSet,
} from '../../src/domain/pictures.ts'

const hash = '0123456789abcdef0123456789abcdef'

describe('catalogue picture paths', () => {
  it('reads back every width a path is made with, and nothing else', () => {
    for (const width of PICTURE_WIDTHS) {
      expect(cataloguePicturePath(hash, width)).toBe(`${CATALOGUE_PICTURES_PATH}${hash}-${width}.jpg`)
      expect(parseCataloguePicturePath(cataloguePicturePath(hash, width))).toEqual({ hash, width })
    }
    for (const path of [
      `/images/catalogue/${hash}-1024.jpg`,
      `/images/catalogue/${hash.toUpperCase()}-320.jpg`,
      `/images/catalogue/${hash.slice(1)}-320.jpg`,
      `/images/catalogue/${hash}-320.png`,
      `/images/catalogue/${hash}-320.jpg?x`,
      `/images/products/${hash}-320.jpg`,
      '/images/products/5g-pro.svg',
    ])
      expect(parseCataloguePicturePath(path), path).toBeUndefined()
  })

  it('gives the card a srcset of every width for an uploaded picture, and none for the seed’s SVGs', () => {
    expect(pictureSrcSet(cataloguePicturePath(hash, 320))).toBe(
      PICTURE_WIDTHS.map((width) => `${CATALOGUE_PICTURES_PATH}${hash}-${width}.jpg ${width}w`).join(', '),
    )
    expect(pictureSrcSet('/images/products/5g-pro.svg')).toBeUndefined()
  })

  it('keeps the card’s 4:3', () => {
    expect(PICTURE_WIDTHS.map(pictureHeight)).toEqual([240, 480])
  })
})
