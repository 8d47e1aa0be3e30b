import { useEffect, useState } from 'react'
import type { SupportMessageInput } from '../../domain/support.ts'

const PREFIX = 'support-draft:'

// Session storage: an unsent draft survives a reload of this tab and is gone when the tab closes (not kept as a fact).
function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

function read(customerId: number): SupportMessageInput | null {
  try {
    const value = JSON.parse(store()?.getItem(PREFIX + customerId) ?? 'null') as Partial<SupportMessageInput> | null
    if (!value) return null
    return { name: String(value.name ?? ''), email: String(value.email ?? ''), message: String(value.message ?? '') }
  } catch {
    return null
  }
}

/** The Contact Us fields, kept across a reload; another customer's draft in this tab is dropped, never shown. */
export function useSupportDraft(customerId: number, initial: () => SupportMessageInput) {
  const [draft, setDraft] = useState<SupportMessageInput>(() => read(customerId) ?? initial())
  useEffect(() => {
    const s = store()
    if (!s) return
    for (const key of Object.keys(s)) if (key.startsWith(PREFIX) && key !== PREFIX + customerId) s.removeItem(key)
  }, [customerId])
  useEffect(() => {
    try {
      store()?.setItem(PREFIX + customerId, JSON.stringify(draft))
    } catch {
      // Storage full or blocked: the draft lives on in memory.
    }
  }, [customerId, draft])
  return [draft, setDraft] as const
}
