import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import type { KeyObject } from 'node:crypto'

/*
 * A software authenticator for server tests: it makes ES256 passkeys with 'none' attestation and signs assertions
 * the way a phone's platform authenticator does (user present and verified), so the server's WebAuthn checks run on
 * real bytes. The e2e tests use Chromium's virtual authenticator instead.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>

const head = (major: number, length: number): number[] => {
  if (length < 24) return [(major << 5) | length]
  if (length < 0x100) return [(major << 5) | 24, length]
  if (length < 0x10000) return [(major << 5) | 25, length >> 8, length & 0xff]
  return [(major << 5) | 26, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff]
}

/** The CBOR subset COSE keys and attestation objects use: integers, byte and text strings, arrays, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return Buffer.from(value >= 0 ? head(0, value) : head(1, -1 - value))
  if (typeof value === 'string') return Buffer.concat([Buffer.from(head(3, Buffer.byteLength(value))), Buffer.from(value)])
  if (value instanceof Uint8Array) return Buffer.concat([Buffer.from(head(2, value.length)), value])
  if (Array.isArray(value)) return Buffer.concat([Buffer.from(head(4, value.length)), ...value.map(cbor)])
  return Buffer.concat([Buffer.from(head(5, value.size)), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const counterBytes = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}

const flags = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 }

export interface Passkey {
  id: string
  privateKey: KeyObject
  rpId: string
  userHandle: string
  counter: number
}

/** Where the browser says it is, by default what the options name: a test overrides one to act as a phishing page. */
export interface Ceremony {
  origin: string
  rpId?: string
  /** Leave the user-verified flag out (a security key without a PIN). */
  unverified?: boolean
}

interface CreationOptions {
  challenge: string
  rp: { id?: string }
  user: { id: string }
}
interface RequestOptions {
  challenge: string
  rpId?: string
  allowCredentials?: { id: string }[]
}

export class SoftAuthenticator {
  readonly passkeys: Passkey[] = []
  /** Counters move on each use, as hardware authenticators' do; false keeps them at 0, as synced passkeys do. */
  constructor(readonly counts = true) {}

  /** navigator.credentials.create: a new passkey for the options' user, answered as startRegistration returns it. */
  register(options: CreationOptions, { origin, rpId = options.rp.id ?? new URL(origin).hostname, unverified }: Ceremony) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    )
    const credentialId = randomBytes(16)
    const passkey: Passkey = { id: b64url(credentialId), privateKey, rpId, userHandle: options.user.id, counter: 0 }
    const credentialLength = Buffer.from([credentialId.length >> 8, credentialId.length & 0xff])
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags.userPresent | (unverified ? 0 : flags.userVerified) | flags.attestedData]),
      counterBytes(0),
      Buffer.alloc(16),
      credentialLength,
      credentialId,
      coseKey,
    ])
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false })
    this.passkeys.push(passkey)
    return {
      id: passkey.id,
      rawId: passkey.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(
          cbor(
            new Map<string, Cbor>([
              ['fmt', 'none'],
              ['attStmt', new Map()],
              ['authData', authData],
            ]),
          ),
        ),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    }
  }

  /** navigator.credentials.get with a passkey of this authenticator (the one allowed, else the first or the one given). */
  assert(options: RequestOptions, { origin, rpId = options.rpId ?? new URL(origin).hostname, unverified }: Ceremony, chosen?: Passkey) {
    const allowed = options.allowCredentials?.map((c) => c.id)
    const passkey = chosen ?? this.passkeys.find((p) => !allowed?.length || allowed.includes(p.id))
    if (!passkey) throw new Error('this authenticator holds no passkey the options allow')
    if (this.counts) passkey.counter += 1
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags.userPresent | (unverified ? 0 : flags.userVerified)]), counterBytes(passkey.counter)])
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }))
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey)
    return {
      id: passkey.id,
      rawId: passkey.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: passkey.userHandle },
      clientExtensionResults: {},
    }
  }
}
