/** Lets a running actor react to what just settled: its promise callbacks run before this timer fires. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Does what the test says (settles a promise the machine waits on), then lets the machine react before the test looks. */
export async function settling(step: () => void): Promise<void> {
  step()
  await flush()
}
