import type { PictureRefusal } from '../../domain/pictures.ts'
import { staffApi } from '../api/client.ts'

/** POST /api/staff/catalogue/pictures: the file itself; the answer is the path a package or bundle names. */
export const uploadPicture = (file: Blob) => staffApi<{ image: string }>('POST', '/catalogue/pictures', file)

const refusals: readonly string[] = ['picture_type', 'picture_too_large', 'picture_too_many_pixels', 'picture_unreadable'] satisfies PictureRefusal[]
export const isPictureRefusal = (code: string | undefined): code is PictureRefusal => code !== undefined && refusals.includes(code)
