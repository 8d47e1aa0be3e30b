import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getToasts, MAX_TOASTS, subscribeToasts, toast } from '../../src/lib/toaster.ts'

describe('the toaster', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    for (const item of getToasts()) toast.dismiss(item.id)
  })

  it('keeps a success toast for 2 s', () => {
    toast.success('added to cart')
    vi.advanceTimersByTime(1999)
    expect(getToasts().map((t) => t.text)).toEqual(['added to cart'])
    vi.advanceTimersByTime(1)
    expect(getToasts()).toEqual([])
  })

  it('keeps a default and an error toast for 4 s', () => {
    toast.show('hello')
    toast.error('failed')
    vi.advanceTimersByTime(3999)
    expect(getToasts()).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(getToasts()).toEqual([])
  })

  it('honours an explicit 3 s for an error', () => {
    toast.error('Incorrect Username or Password. Please try again.', 3000)
    vi.advanceTimersByTime(3000)
    expect(getToasts()).toEqual([])
  })

  it('keeps a loading toast until it is dismissed', () => {
    const id = toast.loading('Creating Payment...')
    vi.advanceTimersByTime(60_000)
    expect(getToasts().map((t) => t.kind)).toEqual(['loading'])
    toast.dismiss(id)
    expect(getToasts()).toEqual([])
  })

  it('shows at most 20 toasts, dropping the oldest', () => {
    for (let i = 1; i <= MAX_TOASTS + 3; i++) toast.show(`toast ${i}`)
    const texts = getToasts().map((t) => t.text)
    expect(texts).toHaveLength(20)
    expect(texts[0]).toBe('toast 4')
    expect(texts.at(-1)).toBe('toast 23')
  })

  it('stops the countdown of an error toast while it is paused and runs on with the time that was left', () => {
    const id = toast.error('Incorrect Username or Password. Please try again.', 3000)
    vi.advanceTimersByTime(2000)
    toast.pause(id)
    toast.pause(id)
    vi.advanceTimersByTime(60_000)
    expect(getToasts().map((t) => t.id)).toEqual([id])
    toast.resume(id)
    toast.resume(id)
    vi.advanceTimersByTime(999)
    expect(getToasts().map((t) => t.id)).toEqual([id])
    vi.advanceTimersByTime(1)
    expect(getToasts()).toEqual([])
  })

  it('dismisses a paused toast at once, and a dismissed toast does not come back on resume', () => {
    const id = toast.error('Your change could not be saved. Please try again.', 3000)
    toast.pause(id)
    toast.dismiss(id)
    expect(getToasts()).toEqual([])
    toast.resume(id)
    vi.advanceTimersByTime(10_000)
    expect(getToasts()).toEqual([])
  })

  it('tells its listeners when a toast is dismissed', () => {
    const heard = vi.fn()
    const unsubscribe = subscribeToasts(heard)
    const id = toast.error('failed', 3000)
    toast.dismiss(id)
    unsubscribe()
    expect(heard).toHaveBeenCalledTimes(2)
  })
})
