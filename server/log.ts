import { pino } from 'pino'
import type { DestinationStream, Logger } from 'pino'
import type { LogLevel } from './config.ts'
import { traceLogFields } from './http/requestTrace.ts'

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
const redactPaths = redactedKeys.flatMap((k) => [`["${k}"]`, `*["${k}"]`, `*.headers["${k}"]`])

// A second net for text (error messages) that carries a value: an email address, or a number of 13 to 19 digits,
// spaces allowed between them (an ID number, a card number), standing on its own: digits inside a longer word (a
// provider's hex id such as 9335e29b006051f3521437789012) are part of that id, not a number. Request ids are UUIDs.
// Every repetition is bounded, so a hostile megabyte in a message costs linear time, not quadratic.
const emailLike = /[\w.%+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/g
const longNumber = /(?<!\w)\d(?: ?\d){12,18}(?!\w)/g
export const scrub = (line: string) => line.replace(emailLike, '[email]').replace(longNumber, '[number]')

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

export interface LogOptions {
  level?: LogLevel
  /** Where the JSON lines go: standard output by default; a test passes a stream that keeps them. */
  destination?: DestinationStream
}

/**
 * The one logger: JSON lines (pino), ISO timestamps, secrets redacted by key and scrubbed by shape. A line written
 * while a request is being served carries its reqId (and traceId, spanId), whichever module's logger writes it.
 */
export function createLogger({ level = 'info', destination }: LogOptions = {}): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { err: serializeError },
    mixin: traceLogFields,
    hooks: { streamWrite: scrub },
  }
  return destination ? pino(options, destination) : pino(options)
}

/** For code run without a server around it (tests building the app alone): logs nothing. */
export const silentLogger: Logger = createLogger({ level: 'silent' })
