/**
 * The hashing queue under one customer's loop (issue 36): while one signed-in customer keeps `LOOP_IN_FLIGHT` password
 * changes in flight (each to the same password, from addresses of their own), a bystander signs in `BYSTANDER_SIGN_INS`
 * times one after the other; each loop request is sent again `LOOP_ROUND_TRIP_MS` (50) after its answer. Prints the bystander's sign-in times (p50, max) with the default scrypt strength, and
 * with no loop for comparison. Run: `npx tsx test/bench/hashingQueue.ts`.
 */
import { createApp } from '../../server/app.ts'
import { createDb } from '../../server/db/createDb.ts'

const inFlight = Number(process.env.LOOP_IN_FLIGHT ?? 16)
const signIns = Number(process.env.BYSTANDER_SIGN_INS ?? 8)
const apiKey = 'bench-key'
const password = 'Secret#123'

const db = await createDb('memory:')
const app = createApp({ db, config: { apiKey, trustProxy: true } })
let address = 0
const call = (method: string, path: string, body: unknown, cookie?: string) =>
  app.request(path, {
    method,
    headers: {
      Key: apiKey,
      'Content-Type': 'application/json',
      'X-Forwarded-For': `198.18.${Math.floor(++address / 250) % 250}.${address % 250}`,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  })

async function signUp(name: string) {
  const email = `${name}.${Date.now()}@example.co.za`
  const user = {
    first_name: 'Bench',
    last_name: name,
    id_number: '9001015009086',
    email,
    password,
    confirm_password: password,
    phone: '0211234567',
    mobile: '0821234567',
    ricaAddress: {
      unit_number: '',
      floor_level: '',
      building_name: '',
      street_number: '1',
      street_name: 'Long Street',
      suburb: 'City Centre',
      city: 'Cape Town',
      province: 'Western Cape',
      postal_code: '8001',
      country: 'South Africa',
      gps_coordinates: null,
      deliver_to: 'Bench',
    },
  }
  const res = await call('POST', '/api/v2/users', { user })
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`)
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0]
  return { email, cookie: cookie ?? '' }
}

async function bystanderTimes(email: string): Promise<number[]> {
  const times: number[] = []
  for (let n = 0; n < signIns; n++) {
    const started = performance.now()
    const res = await call('POST', '/api/auth/login', { email, password })
    if (res.status !== 200) throw new Error(`bystander sign-in: ${res.status} ${await res.text()}`)
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)
}

const summary = (times: number[]) =>
  `p50 ${Math.round(times[Math.floor(times.length / 2)] ?? 0)} ms, max ${Math.round(times.at(-1) ?? 0)} ms (${times.length} sign-ins)`

const looper = await signUp('looper')
const bystander = await signUp('bystander')
console.log(`bystander alone: ${summary(await bystanderTimes(bystander.email))}`)

let stop = false
const answers = new Map<number, number>()
// Each of the loop's requests goes out again as soon as its answer is in, after a round trip of a fast network.
const roundTripMs = Number(process.env.LOOP_ROUND_TRIP_MS ?? 50)
const loop = async () => {
  while (!stop) {
    const res = await call('POST', '/api/auth/password', { current_password: password, password }, looper.cookie)
    answers.set(res.status, (answers.get(res.status) ?? 0) + 1)
    await new Promise((done) => setTimeout(done, roundTripMs))
  }
}
const loops = Array.from({ length: inFlight }, loop)
await new Promise((done) => setTimeout(done, 2000))
console.log(`bystander while one customer keeps ${inFlight} password changes in flight: ${summary(await bystanderTimes(bystander.email))}`)
stop = true
await Promise.all(loops)
console.log(`the loop's answers: ${[...answers].map(([status, count]) => `${count}× ${status}`).join(', ')}`)
await db.close()
