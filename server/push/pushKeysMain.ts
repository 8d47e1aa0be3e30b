import { generateVapidKeys } from './vapid.ts'

/** `npm run push:keys`: prints a new VAPID key pair as the two settings an operator adds to the environment (docs/push.md). */
const keys = generateVapidKeys()
process.stdout.write(`VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}\n`)
