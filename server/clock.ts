/** Where the server reads the time for what happens on a date (scheduled SIM actions, bill cycles): tests move it. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
