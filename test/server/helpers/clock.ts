import type { Clock } from '../../../server/clock.ts'

/** The real time moved forward by whatever a test adds: sessions and cookies keep working while dates come. */
export class MovableClock implements Clock {
  private offsetMs = 0

  now(): Date {
    return new Date(Date.now() + this.offsetMs)
  }

  /** Moves the clock to `at` (never back). */
  advanceTo(at: Date | string): void {
    this.offsetMs = Math.max(this.offsetMs, new Date(at).getTime() - Date.now())
  }

  advanceBy(ms: number): void {
    this.offsetMs += ms
  }

  /** Back to the real time (SIMs are activated by it). */
  reset(): void {
    this.offsetMs = 0
  }
}
