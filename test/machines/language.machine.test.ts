import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { languageMachine, type LanguageEvent, type RestoredChoice } from '../../machines/language.machine.ts'
import type { Language } from '../../src/domain/languageCodes.ts'

/** A promise the test settles by hand. */
function held<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void }
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }))
  return { promise, ...settle }
}

/**
 * The real machine with fakes for the page: catalogues load (and the log is read, and written) when the test says
 * so; what it shows and tells is recorded. English is loaded from the start, as it is in the bundle.
 */
function harness(loaded: Language[] = ['en']) {
  const catalogues = new Set(loaded)
  const loads = new Map<Language, ReturnType<typeof held<void>>>()
  const writes: Array<{ language: Language } & ReturnType<typeof held<void>>> = []
  const read = held<RestoredChoice>()
  const shown: Language[] = []
  const told: string[] = []
  let logged: ((language: Language) => void) | undefined
  let following = 0
  const actor = createActor(
    languageMachine.provide({
      actors: {
        readChoice: fromPromise(() => read.promise),
        load: fromPromise(({ input }: { input: { language: Language } }) => {
          const load = held<void>()
          loads.set(input.language, load)
          return load.promise.then(() => void catalogues.add(input.language))
        }),
        record: fromPromise(({ input }: { input: { language: Language } }) => {
          const write = { language: input.language, ...held<void>() }
          writes.push(write)
          return write.promise
        }),
        follow: fromCallback<LanguageEvent>(({ sendBack }) => {
          following += 1
          logged = (language) => sendBack({ type: 'language.logged', language })
          return () => (following -= 1)
        }),
      },
      actions: {
        show: (_, { language }) => void shown.push(language),
        tellFailure: (_, { language }) => void told.push(`failed ${language}`),
        tellNotSaved: () => void told.push('not saved'),
      },
      guards: { catalogueLoaded: (_, { language }) => catalogues.has(language) },
    }),
  )
  actor.start()
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
  return {
    actor,
    shown,
    told,
    writes,
    following: () => following,
    send: (event: LanguageEvent) => actor.send(event),
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    // Each answer lets the machine take its next steps before the test looks.
    finishLoad: async (language: Language) => {
      loads.get(language)?.resolve()
      await flush()
    },
    failLoad: async (language: Language) => {
      loads.get(language)?.reject(new Error('offline'))
      await flush()
    },
    finishWrite: async () => {
      writes.at(-1)?.resolve()
      await flush()
    },
    failWrite: async () => {
      writes.at(-1)?.reject(new Error('quota'))
      await flush()
    },
    finishRead: async (choice: RestoredChoice) => {
      read.resolve(choice)
      await flush()
    },
    logged: async (language: Language) => {
      logged?.(language)
      await flush()
    },
  }
}

describe('the language machine: choosing', () => {
  it('waits, shows nothing and writes nothing until it is asked', () => {
    const h = harness()
    expect(h.value()).toEqual({ log: 'idle', display: 'idle' })
    expect(h.context().loading).toBeNull()
    expect(h.shown).toEqual([])
  })

  it('loads a new language with the selector showing it, writes the choice, then shows it', async () => {
    const h = harness()
    h.send({ type: 'language.choose', language: 'xh' })
    expect(h.value()).toEqual({ log: 'idle', display: { switching: 'loading' } })
    expect(h.context().loading).toBe('xh')
    await h.finishLoad('xh')
    expect(h.value()).toEqual({ log: 'idle', display: { switching: 'recording' } })
    expect(h.writes.map((w) => w.language)).toEqual(['xh'])
    // Still loading for the customer: the choice shows only once its fact is on the device.
    expect(h.context().loading).toBe('xh')
    expect(h.shown).toEqual([])
    await h.finishWrite()
    expect(h.value()).toEqual({ log: 'idle', display: 'committed' })
    expect(h.context().loading).toBeNull()
    expect(h.shown).toEqual(['xh'])
  })

  it('shows a language already loaded without the selector ever showing it loading', async () => {
    const h = harness(['en', 'af'])
    h.send({ type: 'language.choose', language: 'af' })
    expect(h.context().loading).toBeNull()
    await h.finishLoad('af')
    await h.finishWrite()
    expect(h.shown).toEqual(['af'])
    expect(h.context().loading).toBeNull()
  })

  it('keeps the language on screen when the new one fails to load, and says so', async () => {
    const h = harness()
    h.send({ type: 'language.choose', language: 'xh' })
    await h.failLoad('xh')
    expect(h.value()).toEqual({ log: 'idle', display: 'failed' })
    expect(h.context().loading).toBeNull()
    expect(h.told).toEqual(['failed xh'])
    expect(h.shown).toEqual([])
    expect(h.writes).toEqual([])
  })

  it('shows the language for this visit when its choice cannot be written, and says so', async () => {
    const h = harness()
    h.send({ type: 'language.choose', language: 'af' })
    await h.finishLoad('af')
    await h.failWrite()
    expect(h.told).toEqual(['not saved'])
    expect(h.shown).toEqual(['af'])
  })

  it('lets a later choice overtake one still loading: the earlier never shows nor fails aloud', async () => {
    const h = harness()
    h.send({ type: 'language.choose', language: 'xh' })
    const first = h.context().current?.ticket
    h.send({ type: 'language.choose', language: 'af' })
    expect(h.context().current).toMatchObject({ language: 'af', cause: 'choice' })
    expect(h.context().current?.ticket).not.toBe(first)
    expect(h.context().loading).toBe('af')
    await h.failLoad('xh')
    await h.finishLoad('xh')
    expect(h.told).toEqual([])
    await h.finishLoad('af')
    await h.finishWrite()
    expect(h.shown).toEqual(['af'])
  })

  it('does not write a choice the log already holds as this tab knows it', async () => {
    const h = harness()
    h.send({ type: 'language.restore' })
    await h.finishRead({ chosen: 'en', hinted: 'en' })
    await h.finishLoad('en')
    h.send({ type: 'language.choose', language: 'en' })
    await h.finishLoad('en')
    expect(h.writes).toEqual([])
    expect(h.shown).toEqual(['en', 'en'])
  })
})

describe('the language machine: restoring and other tabs', () => {
  it('reads the last choice, shows it without writing it again, then follows the log', async () => {
    const h = harness()
    h.send({ type: 'language.restore' })
    expect(h.value()).toEqual({ log: 'restoring', display: 'idle' })
    await h.finishRead({ chosen: 'xh', hinted: 'en' })
    expect(h.value()).toEqual({ log: 'following', display: { switching: 'loading' } })
    expect(h.context().current).toMatchObject({ language: 'xh', cause: 'restore', record: false })
    expect(h.following()).toBe(1)
    await h.finishLoad('xh')
    expect(h.value()).toEqual({ log: 'following', display: 'committed' })
    expect(h.shown).toEqual(['xh'])
    expect(h.writes).toEqual([])
  })

  it('shows the hinted language when the log holds no choice', async () => {
    const h = harness(['en', 'af'])
    h.send({ type: 'language.restore' })
    await h.finishRead({ chosen: null, hinted: 'af' })
    await h.finishLoad('af')
    expect(h.shown).toEqual(['af'])
    expect(h.writes).toEqual([])
  })

  it('lets a language picked while the log is read stand', async () => {
    const h = harness()
    h.send({ type: 'language.restore' })
    h.send({ type: 'language.choose', language: 'af' })
    await h.finishRead({ chosen: 'xh', hinted: 'en' })
    expect(h.context().current).toMatchObject({ language: 'af', cause: 'choice' })
    await h.finishLoad('af')
    await h.finishWrite()
    expect(h.shown).toEqual(['af'])
    // This tab's own write coming back through the log is not news.
    await h.logged('af')
    expect(h.shown).toEqual(['af'])
    expect(h.value()).toEqual({ log: 'following', display: 'committed' })
  })

  it("follows another tab's choice without writing one of its own, and ignores what the log held already", async () => {
    const h = harness()
    h.send({ type: 'language.restore' })
    await h.finishRead({ chosen: null, hinted: 'en' })
    await h.finishLoad('en')
    await h.logged('af')
    expect(h.context().current).toMatchObject({ language: 'af', cause: 'log', record: false })
    await h.finishLoad('af')
    expect(h.shown).toEqual(['en', 'af'])
    await h.logged('af')
    expect(h.context().tickets).toBe(2)
    expect(h.writes).toEqual([])
  })

  it('restores once: a second restore while following changes nothing', async () => {
    const h = harness()
    h.send({ type: 'language.restore' })
    await h.finishRead({ chosen: null, hinted: 'en' })
    await h.finishLoad('en')
    h.send({ type: 'language.restore' })
    expect(h.value()).toEqual({ log: 'following', display: 'committed' })
    expect(h.following()).toBe(1)
  })
})
