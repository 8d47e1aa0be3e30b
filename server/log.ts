import { openSync } from 'node:fs'
import { resolve } from 'node:path'
import { pino } from 'pino'
import type { DestinationStream, Logger } from 'pino'
import { traceLogFields } from './http/requestTrace.ts'
import { releaseName, thisInstance } from './release.ts'

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

export type { DestinationStream, Logger } from 'pino'

/**
 * Keys whose values never reach a log line, wherever a caller puts them (top level or one object down).
 * Nothing logs bodies or headers; this is the net under that rule.
 */
export const redactedKeys = [
  'password',
  'confirm_password',
  'current_password',
  'new_password',
  'id_number',
  'id_number_sealed',
  // A RICA record (an activation's body) carries the ID or passport number in its document.
  'rica',
  'document',
  'email',
  'card',
  'cvv',
  'card.number',
  'card.cvv',
  'cardNumber',
  'cookie',
  'authorization',
  'key',
  'sid',
  'session',
  'sessionId',
  'token',
  'accessToken',
  'access_token',
  'set-cookie',
]
const redacted = new Set(redactedKeys)
const censor = '[redacted]'
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Error)

/**
 * The object with each redacted key's value replaced: at the top, one object down, and in a headers object one down.
 * Copied only where something is replaced (never the caller's object); a line without secrets costs one pass over its keys.
 * Done here rather than by pino's redact option, which cost about twenty times the rest of writing a line.
 */
function redact(object: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let out = object
  for (const key in object) {
    const value = object[key]
    let replaced: unknown = value
    if (redacted.has(key)) replaced = censor
    else if (isPlainObject(value) && (depth === 0 || (depth === 1 && key === 'headers'))) replaced = redact(value, depth + 1)
    if (replaced !== value) {
      if (out === object) out = { ...object }
      out[key] = replaced
    }
  }
  return out
}

// A second net for text (error messages) that carries a value: an email address, or a number of 13 to 19 digits,
// spaces allowed between them (an ID number, a card number), standing on its own: digits inside a longer word (a
// provider's hex id such as 9335e29b006051f3521437789012) are part of that id, not a number. Request ids are UUIDs.
// Every repetition is bounded, so a hostile megabyte in a message costs linear time, not quadratic.
const emailLike = /[\w.%+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/g
const longNumber = /(?<!\w)\d(?: ?\d){12,18}(?!\w)/g
// Most lines hold neither shape: a cheap look for an @ or for 13 digits close together spares them the regular expressions.
const mayHoldLongNumber = (line: string) => {
  let digits = 0
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i)
    if (c >= 48 && c <= 57) {
      if (++digits >= 13) return true
    } else if (c !== 32) digits = 0
  }
  return false
}
export const scrub = (line: string) => {
  const emailsOut = line.includes('@') ? line.replace(emailLike, '[email]') : line
  return mayHoldLongNumber(emailsOut) ? emailsOut.replace(longNumber, '[number]') : emailsOut
}

interface LoggedError {
  type?: string
  message: string
  code?: string
  stack?: string
  cause?: LoggedError
}

/** Text cut to max characters: a message may quote what a client sent, and a line stays a line. */
export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text)

/** An error as its kind, code, message and stack: never its other fields (a driver's query parameters, a row's values). */
function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { message: clip(String(error), 1_000) }
  const code = (error as { code?: unknown }).code
  return {
    type: error.name,
    message: clip(error.message, 1_000),
    ...(typeof code === 'string' ? { code: clip(code, 40) } : {}),
    ...(error.stack ? { stack: clip(error.stack, 4_000) } : {}),
    ...(error.cause instanceof Error ? { cause: serializeError(error.cause) } : {}),
  }
}

// Lines written in the same millisecond share one timestamp text (making it cost as much as the rest of a line).
let stampedAt = Number.NaN
let stamp = ''
const isoTime = () => {
  const now = Date.now()
  if (now !== stampedAt) {
    stampedAt = now
    stamp = `,"time":"${new Date(now).toISOString()}"`
  }
  return stamp
}

/** The longest a line waits in the buffer of logDestination before it is written. */
export const logFlushMs = 100

/** The size at which logDestination writes its buffer without waiting for logFlushMs. */
const logBatchChars = 16_384

// One buffer per target (a descriptor, or a file by its full path) for the life of the process, however many loggers
// write there: the set of batches to write at exit stays as small as the targets, and lines to one target keep their order.
const destinations = new Map<number | string, { stream: DestinationStream; pass: () => void }>()

/**
 * Lines to a file descriptor or path, gathered in a buffer written once it holds 16 KB or every 100 ms, so a busy
 * server makes one write per eighty lines. Each write is synchronous (sonic-boom in sync mode, which retries a full
 * pipe): the buffer is written in order and whole, and what is left is written when the process exits
 * (process.exit included, as a crash ends), with no write of the background still in flight to land after it. A
 * SIGKILL loses the last 100 ms. Every call for the same target returns the same destination.
 */
export function logDestination(dest: number | string = 1): DestinationStream {
  const target = typeof dest === 'number' ? dest : resolve(dest)
  const known = destinations.get(target)
  if (known) return known.stream
  // A file is opened at once: one opened in the background could not take the last lines of a process that exits first.
  const writer = pino.destination({ dest: typeof target === 'number' ? target : openSync(target, 'a'), sync: true })
  let lines: string[] = []
  let chars = 0
  const pass = () => {
    if (chars === 0) return
    const text = lines.join('')
    lines = []
    chars = 0
    writer.write(text)
  }
  const stream: DestinationStream = {
    write(line: string) {
      lines.push(line)
      chars += line.length
      if (chars >= logBatchChars) pass()
    },
  }
  if (destinations.size === 0)
    process.on('exit', () => {
      for (const held of destinations.values()) held.pass()
    })
  destinations.set(target, { stream, pass })
  setInterval(pass, logFlushMs).unref()
  return stream
}

export interface LogOptions {
  level?: LogLevel
  /** Where the JSON lines go: standard output by default; a test passes a stream that keeps them. */
  destination?: DestinationStream
}

/**
 * The one logger: JSON lines (pino), ISO timestamps, secrets redacted by key and scrubbed by shape. Every line names
 * the process, the release it runs and the instance (`pid`, `release`, `instance`: thisInstance() when the logger is
 * made, so a process names itself first). A line written while a request is being served carries its reqId (and
 * traceId, spanId), whichever module's logger writes it.
 */
export function createLogger({ level = 'info', destination }: LogOptions = {}): Logger {
  const options = {
    level,
    base: { pid: process.pid, release: releaseName(), instance: thisInstance() },
    timestamp: isoTime,
    formatters: { log: (object: Record<string, unknown>) => redact(object) },
    serializers: { err: serializeError },
    mixin: traceLogFields,
    hooks: { streamWrite: scrub },
  }
  const logger = pino(options, destination ?? logDestination())
  // A child's bindings are written on each of its lines but never pass the log formatter: redacted as the child is made.
  // Children are made from their parent by Object.create, so they all inherit this own property of the root.
  const child = logger.child
  logger.child = function (this: Logger, bindings, childOptions) {
    return child.call(this, redact(bindings), childOptions)
  } as Logger['child']
  return logger
}

/** Fields of a line written by lineWriter: flat values only. */
export type LineFields = Record<string, string | number | boolean | undefined>

/**
 * A writer of lines with a fixed, flat shape on `logger`: the same JSON line `logger[level](fields, msg)` writes (level,
 * time, the logger's bindings, the fields, msg; scrubbed), built without pino's general path. The access line is
 * written for every request, and that path (mixin, formatter, serializers, a walk over the object) cost as much as
 * answering a catalogue read. Only for fields the server makes itself: nothing in them is redacted by key.
 */
export function lineWriter(logger: Logger): (level: 'debug' | 'info' | 'error', fields: LineFields, msg: string) => void {
  const internals = logger as unknown as Record<symbol, unknown>
  const { streamSym, lsCacheSym, chindingsSym, endSym } = pino.symbols
  // The bindings (pid, release, instance, a child's) are scrubbed once, not on every line: scrub looks at a value
  // between its quotes, so scrubbing the line's parts apart, each starting at a field, is scrubbing it whole.
  let bindings: string | undefined
  let scrubbedBindings = ''
  return (level, fields, msg) => {
    const value = logger.levels.values[level] ?? 0
    if (value < logger.levelVal) return
    const chindings = internals[chindingsSym] as string
    if (chindings !== bindings) {
      bindings = chindings
      scrubbedBindings = scrub(chindings)
    }
    const start = (internals[lsCacheSym] as Record<number, string>)[value]
    const props = JSON.stringify(fields).slice(1, -1)
    const rest = scrub(`${props ? `,${props}` : ''},"msg":${JSON.stringify(msg)}`)
    ;(internals[streamSym] as DestinationStream).write(`${start}${isoTime()}${scrubbedBindings}${rest}${internals[endSym] as string}`)
  }
}

/** For code run without a server around it (tests building the app alone): logs nothing. */
export const silentLogger: Logger = createLogger({ level: 'silent' })
