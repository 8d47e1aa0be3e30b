import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

/** What the fake SMTP server was given for one mail. */
export interface ReceivedMail {
  auth: string | undefined
  from: string
  to: string[]
  /** The message as sent (headers and body, quoted-printable parts decoded). */
  data: string
}

const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/**
 * A plain SMTP server on loopback that takes every mail (AUTH PLAIN, no TLS) and keeps it for the test to read. `url`
 * says requireTLS=false, as SMTP_URL must for a relay without STARTTLS; `plainUrl` leaves it out.
 */
export async function startFakeSmtp(): Promise<{ url: string; plainUrl: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = []
  const server = createServer((socket) => {
    let buffer = ''
    let inData = false
    let mail: ReceivedMail = { auth: undefined, from: '', to: [], data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 fake.example ESMTP')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1')
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            received.push({ ...mail, data: decodeQuotedPrintable(Buffer.from(mail.data, 'latin1').toString('utf8')) })
            mail = { auth: mail.auth, from: '', to: [], data: '' }
            reply('250 2.0.0 queued')
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO') reply('250-fake.example\r\n250-AUTH PLAIN\r\n250 8BITMIME')
        else if (verb === 'AUTH') {
          mail.auth = Buffer.from(line.split(' ')[2] ?? '', 'base64')
            .toString('utf8')
            .split('\0')
            .slice(1)
            .join(':')
          reply('235 2.7.0 accepted')
        } else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? ''
          reply('250 2.1.0 ok')
        } else if (verb === 'RCPT') {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
          reply('250 2.1.5 ok')
        } else if (verb === 'DATA') {
          inData = true
          reply('354 go ahead')
        } else if (line.toUpperCase() === 'STARTTLS') reply('502 5.5.1 STARTTLS not offered')
        else if (verb === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else reply('250 ok')
      }
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `smtp://mailer:s3cret@127.0.0.1:${port}?requireTLS=false`,
    plainUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}
