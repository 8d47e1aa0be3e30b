import { describe, expect, it } from 'vitest'
import { MAX_PICTURE_BYTES, pictureSrcSet } from '../../../src/domain/pictures.ts'
import { readPictureHeader } from '../../../server/pictures/pictureHeader.ts'
import { accountsApp, apiKey, signUp, useAccountsApp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { testPicture } from '../helpers/pictures.ts'
import { staffSession } from '../helpers/staff.ts'
import { staffRoutesOf } from '../helpers/staffRoutes.ts'
import type { TestStaff } from '../helpers/staff.ts'

const env = useAccountsApp()

/** The staff app's upload: the file's bytes as the body, its type as the Content-Type, the member's cookie. */
const upload = (app: TestApp, who: Pick<TestStaff, 'cookie'> | undefined, bytes: Uint8Array<ArrayBuffer>, type = 'image/jpeg', headers: Record<string, string> = {}) =>
  app.request('/api/staff/catalogue/pictures', {
    method: 'POST',
    headers: { 'Content-Type': type, ...(who ? { Cookie: who.cookie } : {}), ...headers },
    body: bytes,
  })

const refusalOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as { error: string; code?: string }) })

const auditRows = (staffId: number) =>
  env.t.db.query<{ target_type: string; target_id: string; summary: Record<string, unknown> }>(
    `select target_type, target_id, summary from audit_log where staff_id = $1 and action = 'catalogue.picture.upload' order by id`,
    [staffId],
  )

describe('uploading a catalogue picture', () => {
  it('keeps a photo at the card’s two sizes under its content hash, audited, and every instance serves it for a year', async () => {
    const owner = await staffSession(env.t.db, 'owner')
    const photo = await testPicture(1600, 1200, 'image/jpeg')
    const res = await upload(env.app, owner, photo)
    expect(res.status).toBe(201)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const { image } = (await res.json()) as { image: string }
    expect(image).toMatch(/^\/images\/catalogue\/[0-9a-f]{32}-320\.jpg$/)
    const hash = image.slice('/images/catalogue/'.length, -'-320.jpg'.length)
    expect(await auditRows(owner.staffId)).toEqual([
      { target_type: 'picture', target_id: hash, summary: { type: 'image/jpeg', bytes: photo.length, width: 1600, height: 1200 } },
    ])
    expect(pictureSrcSet(image)).toBe(`${image} 320w, /images/catalogue/${hash}-640.jpg 640w`)
    for (const [width, height] of [
      [320, 240],
      [640, 480],
    ] as const) {
      const path = `/images/catalogue/${hash}-${width}.jpg`
      // A second app on the same database stands for another instance: the picture is in the database, not in memory.
      for (const app of [env.app, accountsApp(env.t.db)]) {
        const served = await app.request(path)
        expect(served.status).toBe(200)
        expect(served.headers.get('Content-Type')).toBe('image/jpeg')
        expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
        const etag = served.headers.get('ETag')
        expect(etag).toBe(`"${hash}-${width}"`)
        expect(readPictureHeader(new Uint8Array(await served.arrayBuffer()))).toEqual({ type: 'image/jpeg', width, height })
        const again = await app.request(path, { headers: { 'If-None-Match': etag ?? '' } })
        expect(again.status).toBe(304)
        expect(again.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      }
    }
  })

  it('lets the catalogue role upload, and keeps the same picture once when it is uploaded again', async () => {
    const member = await staffSession(env.t.db, 'catalogue')
    const picture = await testPicture(500, 500, 'image/png')
    const first = (await (await upload(env.app, member, picture, 'image/png')).json()) as { image: string }
    const second = await upload(env.app, member, picture, 'image/png')
    expect(second.status).toBe(201)
    expect(await second.json()).toEqual(first)
    const hash = first.image.slice('/images/catalogue/'.length, -'-320.jpg'.length)
    const [rows] = await env.t.db.query<{ n: number }>('select count(*)::int as n from catalogue_pictures where hash = $1', [hash])
    expect(rows?.n).toBe(2)
    expect(await auditRows(member.staffId)).toHaveLength(2)
  })

  it('refuses a file named .jpg that is not a JPEG or PNG by its first bytes, whatever type it is sent as', async () => {
    const owner = await staffSession(env.t.db, 'owner')
    const gif = new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;')
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>')
    for (const [bytes, type] of [
      [gif, 'image/jpeg'],
      [html, 'image/png'],
    ] as const)
      expect(await refusalOf(await upload(env.app, owner, bytes, type))).toEqual({
        status: 415,
        error: 'A picture must be a JPEG or a PNG file.',
        code: 'picture_type',
      })
    // A real JPEG sent as another type is refused too: only an image type may be sent (no form can send one).
    expect((await refusalOf(await upload(env.app, owner, await testPicture(40, 30, 'image/jpeg'), 'text/plain'))).code).toBe('picture_type')
    expect(await auditRows(owner.staffId)).toEqual([])
  })

  it('refuses a picture over 5 MB, sent with its length or without', async () => {
    const owner = await staffSession(env.t.db, 'owner')
    const jpegStart = new Uint8Array(MAX_PICTURE_BYTES + 1)
    jpegStart.set([0xff, 0xd8, 0xff])
    const expected = { status: 413, error: 'A picture may be at most 5 MB.', code: 'picture_too_large' }
    expect(await refusalOf(await upload(env.app, owner, jpegStart))).toEqual(expected)
    const streamed = new Request('http://localhost/api/staff/catalogue/pictures', {
      method: 'POST',
      headers: { 'Content-Type': 'image/jpeg', Cookie: owner.cookie },
      body: new Blob([jpegStart]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(await refusalOf(await env.app.request(streamed))).toEqual(expected)
    expect(await auditRows(owner.staffId)).toEqual([])
  })

  it('refuses a picture wider or taller than 6000 pixels before decoding it', async () => {
    const owner = await staffSession(env.t.db, 'owner')
    for (const [width, height] of [
      [6001, 10],
      [10, 6001],
    ] as const) {
      const picture = await testPicture(width, height, 'image/png')
      expect(await refusalOf(await upload(env.app, owner, picture, 'image/png'))).toEqual({
        status: 422,
        error: 'A picture may be at most 6000×6000 pixels.',
        code: 'picture_too_many_pixels',
      })
    }
    // A JPEG whose header claims 60000×60000 pixels, as a decompression bomb would: refused on its header alone.
    const bomb = await testPicture(16, 16, 'image/jpeg')
    const frame = bomb.findIndex((b, i) => b === 0xff && bomb[i + 1] === 0xc0)
    bomb.set([0xea, 0x60, 0xea, 0x60], frame + 5)
    expect((await refusalOf(await upload(env.app, owner, bomb))).code).toBe('picture_too_many_pixels')
    expect(await auditRows(owner.staffId)).toEqual([])
  })

  it('refuses a damaged picture that only starts like one', async () => {
    const owner = await staffSession(env.t.db, 'owner')
    const whole = await testPicture(200, 150, 'image/jpeg')
    const damaged = whole.slice(0, 400)
    damaged.fill(0x11, 300)
    expect(await refusalOf(await upload(env.app, owner, damaged))).toEqual({
      status: 422,
      error: 'The picture could not be read: it may be damaged.',
      code: 'picture_unreadable',
    })
  })

  it('refuses anyone but a signed-in member whose role edits the catalogue', async () => {
    // The role matrix (test/server/staff/roleMatrix.test.ts) finds the route and checks every role against it.
    expect(staffRoutesOf(env.app)).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/staff/catalogue/pictures', access: 'editCatalogue' }))
    const photo = await testPicture(64, 48, 'image/jpeg')
    expect((await upload(env.app, undefined, photo)).status).toBe(401)
    const customer = await signUp(env.app)
    expect((await upload(env.app, { cookie: customer.cookie }, photo, 'image/jpeg', { Key: apiKey })).status).toBe(401)
    for (const role of ['support', 'fulfilment', 'finance'] as const) {
      const member = await staffSession(env.t.db, role)
      const res = await upload(env.app, member, photo)
      expect(await refusalOf(res)).toEqual({ status: 403, error: 'Your role does not allow this.' })
    }
  })

  it('answers 404 for a picture it does not have and for any other name under /images/catalogue', async () => {
    for (const path of [
      `/images/catalogue/${'a'.repeat(32)}-320.jpg`,
      `/images/catalogue/${'a'.repeat(32)}-1024.jpg`,
      '/images/catalogue/..%2F..%2Fpackage.json',
      `/images/catalogue/${'A'.repeat(32)}-320.jpg`,
      '/images/catalogue/',
    ]) {
      const res = await env.app.request(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('Cache-Control'), path).not.toContain('immutable')
    }
  })
})
