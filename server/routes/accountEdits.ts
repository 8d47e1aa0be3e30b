import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { UserReplySchema } from '../../src/domain/account.ts'
import { AddressIdSchema, AddressSaveSchema, DefaultAddressSchema, LanguageChoiceSchema, ProfileSchema } from '../../src/domain/profile.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { chooseDefault, type EditRefusal, removeAddress, saveAddress } from '../accounts/addressEdits.ts'
import { updateLanguage } from '../accounts/accountLanguage.ts'
import { editOnce } from '../accounts/editOnce.ts'
import { updateProfile } from '../accounts/profileEdits.ts'
import type { Db, Queryable } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { idempotencyKey } from '../http/idempotencyKey.ts'
import { isOwn } from '../http/idParam.ts'
import { readJson } from '../http/jsonBody.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { type CustomerEnv, requireCustomer } from '../http/requireCustomer.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { requestHash, sendOutcome } from '../http/idempotency.ts'

type Ctx = Context<CustomerEnv>

const edited = (summary: string, body: v.GenericSchema | undefined, extra: Record<number, ReturnType<typeof answer>> = {}) =>
  describeApi({
    summary: `${summary}, exactly once per Idempotency-Key; answers the customer as stored after it`,
    tags: ['account'],
    signedIn: true,
    idempotent: true,
    ...(body ? { body } : {}),
    responses: {
      200: answer('The customer after the edit', UserReplySchema),
      403: refusal("The path names another customer, or another customer's address"),
      422: refusal('The key was used for a different change'),
      ...extra,
    },
  })

const described = {
  profile: edited('Update the personal details (first and last name, phone, mobile)', ProfileSchema),
  save: edited('Add an address under the id the device gave it, or replace it', AddressSaveSchema),
  remove: edited('Remove an address; a removed default passes to the oldest one left', undefined, {
    404: refusal('No such address'),
    422: refusal('The last address cannot be removed, or the key was used for a different change'),
  }),
  default: edited('Choose the default delivery address', DefaultAddressSchema, { 404: refusal('No such address') }),
  language: edited(
    'Record the language the customer picked (en, xh or af): every mail to them speaks it, whatever device asks; a device sends the pick made offline when it is back online',
    LanguageChoiceSchema,
  ),
}

/**
 * Runs one keyed edit for the signed-in customer named in the path: the key is checked, the body read with the
 * shared schema, and what was asked (route, path and body) hashed, so a key reused for another change is refused.
 */
async function keyed<S extends v.GenericSchema>(
  c: Ctx,
  db: Db,
  schema: S | null,
  edit: (tx: Queryable, body: v.InferOutput<S>, customerId: number) => Promise<EditRefusal>,
) {
  const customerId = c.get('customerId')
  if (!isOwn(c.req.param('user_id') ?? '', customerId)) return jsonError(c, 403, serverMessages.othersAccount)
  const given = idempotencyKey(c)
  if ('refused' in given) return given.refused
  const read = schema ? readJson(c, schema) : { body: undefined as v.InferOutput<S>, sent: null }
  if ('refused' in read) return read.refused
  const hash = requestHash({ method: c.req.method, path: c.req.path, body: read.sent })
  const outcome = await editOnce(db, { customerId, key: given.key, hash }, (tx) => edit(tx, read.body, customerId))
  return sendOutcome(c, outcome)
}

/** An address id from the path: a UUID, else no address of anyone's. */
const addressId = (c: Ctx): string | null => {
  const id = c.req.param('address_id') ?? ''
  return v.is(AddressIdSchema, id) ? id.toLowerCase() : null
}

const notFound = { status: 404, error: serverMessages.addressNotFound } as const

/** The customer's own edits of their account: personal details, addresses and language, each exactly once per key. */
export function accountEditRoutes(db: Db, settings: CookieSettings) {
  const signedIn = requireCustomer(db, settings)
  return new Hono<CustomerEnv>()
    .put('/v2/users/:user_id/profile', described.profile, signedIn, (c) => keyed(c, db, ProfileSchema, (tx, profile, id) => updateProfile(tx, id, profile)))
    .put('/v2/users/:user_id/addresses/:address_id', described.save, signedIn, (c) =>
      keyed(c, db, AddressSaveSchema, async (tx, body, id) => {
        const publicId = addressId(c)
        return publicId ? saveAddress(tx, id, publicId, body.address, body.is_default) : notFound
      }),
    )
    .delete('/v2/users/:user_id/addresses/:address_id', described.remove, signedIn, (c) =>
      keyed(c, db, null, async (tx, _body, id) => {
        const publicId = addressId(c)
        return publicId ? removeAddress(tx, id, publicId) : notFound
      }),
    )
    .put('/v2/users/:user_id/default_address', described.default, signedIn, (c) =>
      keyed(c, db, DefaultAddressSchema, (tx, body, id) => chooseDefault(tx, id, body.address_id.toLowerCase())),
    )
    .put('/v2/users/:user_id/language', described.language, signedIn, (c) =>
      keyed(c, db, LanguageChoiceSchema, (tx, body, id) => updateLanguage(tx, id, body.language)),
    )
}
