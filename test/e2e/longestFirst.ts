import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The end-to-end files that take longest (each 2 to 5 minutes in CI), started first: the two workers then end
 * together instead of one of them running the chaos test alone at the end. Vitest orders the other files itself (by
 * their last durations once it has run them here, else by size), and a fresh clone has no durations.
 */
const longest = ['test/e2e/accessibility.test.ts', 'test/e2e/chaos.test.ts', 'test/e2e/firstIntents.test.ts']

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = longest.findIndex((path) => spec.moduleId.replaceAll('\\', '/').endsWith(path))
      return at === -1 ? longest.length : at
    }
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
  }
}
