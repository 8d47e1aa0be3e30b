import { useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useState } from 'react'
import type { PushCategory } from '../../domain/push.ts'
import { deviceSubscription, forgetPush, notificationPermission, optIn, type PushOptIn, type PushSupport, pushSupport } from '../../pwa/pushDevice.ts'

/** This device's notifications as the controls show them; `device` is undefined until read, null when not subscribed. */
export interface PushDeviceState {
  support: PushSupport
  permission: NotificationPermission
  device: { categories: PushCategory[]; id: number | null } | null | undefined
  busy: boolean
  /** The last tap's outcome, when it was not a plain success. */
  outcome: PushOptIn['kind'] | null
}

/** This device's push state, and the taps that change it: a category on or off (asking permission first), the device forgotten. */
export function usePushDevice() {
  const { i18n } = useLingui()
  const [state, setState] = useState<PushDeviceState>(() => ({ support: 'unsupported', permission: 'default', device: undefined, busy: false, outcome: null }))

  const read = useCallback(async () => {
    const device = await deviceSubscription().catch(() => null)
    setState((s) => ({ ...s, support: pushSupport(), permission: notificationPermission(), device }))
  }, [])
  useEffect(() => void read(), [read])

  const toggle = async (category: PushCategory) => {
    const held = state.device?.categories ?? []
    const categories = held.includes(category) ? held.filter((c) => c !== category) : [...held, category]
    setState((s) => ({ ...s, busy: true, outcome: null }))
    // From the tap itself: optIn asks the permission before any other wait.
    const result = await optIn(i18n, categories)
    const device = result.kind === 'saved' ? { categories, id: result.subscription.id } : state.device
    setState((s) => ({ ...s, busy: false, permission: notificationPermission(), device, outcome: result.kind === 'saved' ? null : result.kind }))
    return result
  }

  const forgetDevice = async () => {
    await forgetPush().catch(() => undefined)
    setState((s) => ({ ...s, device: null }))
  }

  return { state, toggle, forgetDevice }
}
