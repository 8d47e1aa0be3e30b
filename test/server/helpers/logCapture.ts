import { createLogger } from '../../../server/log.ts'
import type { LogLevel } from '../../../server/log.ts'
import type { Logger } from '../../../server/log.ts'

/** One parsed log line. */
export type LogEntry = { level: number; msg: string; [field: string]: unknown }

export interface CapturedLog {
  log: Logger
  /** Every line as written, JSON text. */
  readonly lines: string[]
  /** The lines parsed. */
  entries(): LogEntry[]
  /** Lines at warn (40) or above. */
  problems(): LogEntry[]
  clear(): void
}

/** A logger whose lines stay in memory for the test to read (debug and up unless told). */
export function captureLog(level: LogLevel = 'debug'): CapturedLog {
  const lines: string[] = []
  const log = createLogger({ level, destination: { write: (line: string) => void lines.push(line) } })
  const entries = () => lines.map((line) => JSON.parse(line) as LogEntry)
  return { log, lines, entries, problems: () => entries().filter((e) => e.level >= 40), clear: () => void lines.splice(0) }
}
