import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })

/** The argument list of each `toast.error(` call in a source text, brackets balanced. */
function errorCalls(text: string): string[] {
  const calls: string[] = []
  for (let at = text.indexOf('toast.error('); at >= 0; at = text.indexOf('toast.error(', at + 1)) {
    let depth = 0
    let end = at + 'toast.error'.length
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++
      if (text[end] === ')' && --depth === 0) break
    }
    calls.push(text.slice(at, end + 1))
  }
  return calls
}

describe('error toasts', () => {
  it('last 3 s wherever the app shows one, the payment failure and an order refusal included', () => {
    const calls = files('src').flatMap((file) => errorCalls(readFileSync(file, 'utf8')).map((call) => ({ file, call })))
    expect(calls.length).toBeGreaterThan(10)
    expect(calls.filter(({ call }) => !/,\s*3000\s*,?\s*\)$/.test(call))).toEqual([])
  })
})
