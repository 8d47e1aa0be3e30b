import { Hono } from 'hono'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as v from 'valibot'
import { MAX_PICTURE_BYTES, MAX_PICTURE_SIDE, PICTURE_TYPES } from '../../../src/domain/pictures.ts'
import type { PictureRefusal } from '../../../src/domain/pictures.ts'
import type { Db } from '../../db/types.ts'
import { answer } from '../../http/openApi.ts'
import type { ProxyTrust } from '../../http/requestInfo.ts'
import { uploadPicture } from '../../pictures/uploadPicture.ts'
import { allow } from '../../staff/allow.ts'
import type { StaffEnv } from '../../staff/allow.ts'
import { countStaffAction, staffActor } from '../../staff/audit.ts'
import { staffApiPath } from '../../staff/staffCookie.ts'
import { describeStaff } from '../../staff/describeStaff.ts'

/** The one staff route whose body is not JSON but the picture's own bytes (staffApi.ts lets it through its JSON edge). */
export const picturesPath = `${staffApiPath}/catalogue/pictures`

const refusals: Record<PictureRefusal, { status: 413 | 415 | 422; text: string }> = {
  picture_type: { status: 415, text: 'A picture must be a JPEG or a PNG file.' },
  picture_too_large: { status: 413, text: `A picture may be at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB.` },
  picture_too_many_pixels: { status: 422, text: `A picture may be at most ${MAX_PICTURE_SIDE}×${MAX_PICTURE_SIDE} pixels.` },
  picture_unreadable: { status: 422, text: 'The picture could not be read: it may be damaged.' },
}

const RefusalReply = v.object({ error: v.string(), code: v.picklist(Object.keys(refusals) as PictureRefusal[]) })

const refuse = (c: Context, code: PictureRefusal) => c.json({ error: refusals[code].text, code }, refusals[code].status)

const described = describeStaff({
  summary: `Upload a catalogue picture: the body is the file itself (Content-Type ${PICTURE_TYPES.join(' or ')}), at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB and ${MAX_PICTURE_SIDE}×${MAX_PICTURE_SIDE} pixels; drawn at the card's sizes (audited)`,
  access: 'editCatalogue',
  file: PICTURE_TYPES,
  responses: {
    201: answer('The picture is kept: the path of its 320 px size, for a package or bundle', v.object({ image: v.string() })),
    413: answer('Larger than the limit (code picture_too_large)', RefusalReply),
    415: answer('Not a JPEG or PNG by its first bytes, whatever its name or type (code picture_type)', RefusalReply),
    422: answer('Wider or taller than the limit (picture_too_many_pixels), or damaged (picture_unreadable)', RefusalReply),
  },
})

const sentAsPicture = (type: string | undefined) => (PICTURE_TYPES as readonly string[]).includes((type ?? '').split(';')[0]?.trim().toLowerCase() ?? '')

/** POST /catalogue/pictures: owners and the catalogue role add a picture; a package or bundle then names its path. */
export function pictureStaffRoutes(db: Db, settings: ProxyTrust) {
  return new Hono<StaffEnv>().post(
    '/catalogue/pictures',
    allow('editCatalogue'),
    described,
    bodyLimit({ maxSize: MAX_PICTURE_BYTES, onError: (c) => refuse(c, 'picture_too_large') }),
    async (c) => {
      // Only an image type: like JSON, it needs the browser's CORS preflight, so no other site's form can send it.
      if (!sentAsPicture(c.req.header('Content-Type'))) return refuse(c, 'picture_type')
      const outcome = await uploadPicture(db, staffActor(c, settings), new Uint8Array(await c.req.arrayBuffer()))
      countStaffAction('catalogue.picture.upload', 'refused' in outcome ? 'refused' : 'done')
      return 'refused' in outcome ? refuse(c, outcome.refused) : c.json(outcome, 201)
    },
  )
}
