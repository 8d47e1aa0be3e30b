import type { MessageDescriptor } from '@lingui/core'
import { createContext, useContext } from 'react'

/** A screen the member's role can use, as the navigation lists it (the registry's entry without its component). */
export interface RoleScreen {
  path: string
  label: MessageDescriptor
  queue?: string
}

/**
 * The member's screens, given by the layout (src/staff/StaffLayout.tsx) from the registry: a screen reads them here
 * rather than from src/staff/screens.tsx, which loads the screens themselves.
 */
export const RoleScreensContext = createContext<readonly RoleScreen[]>([])
export const useRoleScreens = () => useContext(RoleScreensContext)
