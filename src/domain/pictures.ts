/**
 * The catalogue's own pictures (uploaded in the back office): what an upload may be, the sizes the product card shows
 * them at, and their paths. Shared by the server (checks, storage, serving) and the page (the card's srcset, the form).
 */

/** An upload's largest size in bytes. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024

/** An upload's largest width and height: a bigger picture would take too long and too much memory to decode. */
export const MAX_PICTURE_SIDE = 6000

/** The types an upload may be, recognised by their first bytes whatever the file is called. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png'] as const
export type PictureType = (typeof PICTURE_TYPES)[number]

/** The card's picture sizes (4:3, cover-cropped): its 1x and 2x. */
export const PICTURE_WIDTHS = [320, 640] as const
export type PictureWidth = (typeof PICTURE_WIDTHS)[number]
export const pictureHeight = (width: PictureWidth): number => (width * 3) / 4

/** Why an upload is refused, as the server's `code` (the staff app says each in the member's language). */
export type PictureRefusal = 'picture_type' | 'picture_too_large' | 'picture_too_many_pixels' | 'picture_unreadable'

export const CATALOGUE_PICTURES_PATH = '/images/catalogue/'

/**
 * A catalogue picture's path: its content hash (32 hex digits) and one of PICTURE_WIDTHS. Written out rather than
 * built from the constants, so the card's chunk carries one short literal (test/domain/pictures.test.ts keeps it in step).
 */
const picturePath = /^\/images\/catalogue\/([0-9a-f]{32})-(320|640)\.jpg$/

/** A catalogue picture's path at one of the card's widths. */
export const cataloguePicturePath = (hash: string, width: PictureWidth): string => `${CATALOGUE_PICTURES_PATH}${hash}-${width}.jpg`

/** The hash and width a catalogue picture's path names, or undefined for any other path. */
export function parseCataloguePicturePath(path: string): { hash: string; width: PictureWidth } | undefined {
  const match = picturePath.exec(path)
  return match?.[1] && match[2] ? { hash: match[1], width: Number(match[2]) as PictureWidth } : undefined
}

/** The card's srcset for an uploaded picture (each width it has), or undefined for any other image (the seed's SVGs). */
export function pictureSrcSet(image: string): string | undefined {
  const hash = picturePath.exec(image)?.[1]
  return hash && PICTURE_WIDTHS.map((width) => `${cataloguePicturePath(hash, width)} ${width}w`).join(', ')
}
