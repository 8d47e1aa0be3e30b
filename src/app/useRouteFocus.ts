import { useEffect } from 'react'
import { useLingui } from '@lingui/react'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { pageTitle } from './pageTitle.ts'
import { useBrand } from '../lib/brand.ts'

/** Keeps document.title on the page shown, in the language shown. */
export function usePageTitle(): void {
  const { i18n } = useLingui()
  const matches = useRouterState({ select: (state) => state.matches })
  const title = pageTitle(i18n, matches, useBrand().name)
  useEffect(() => {
    document.title = title
  }, [title])
}

/** The new page's heading (made focusable), or its <main> while the heading has not arrived. */
function focusPage(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1')
  const target = heading ?? main
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus({ preventScroll: true })
  return heading !== null
}

/**
 * After a client-side navigation to another page (never on the first load), focus moves to the new page's heading, so
 * a screen reader says where the customer is and the next Tab starts in the page. A page that moved the focus itself
 * keeps it; a page whose heading comes after its data holds the focus on <main> until the heading arrives.
 */
export function useRouteFocus(): void {
  const router = useRouter()
  useEffect(() => {
    let before: Element | null = null
    let waiting: MutationObserver | undefined
    const stopWaiting = () => {
      waiting?.disconnect()
      waiting = undefined
    }
    const offBefore = router.subscribe('onBeforeNavigate', (event) => {
      if (event.pathChanged) before = document.activeElement
    })
    const offRendered = router.subscribe('onRendered', (event) => {
      if (!event.fromLocation || !event.pathChanged) return
      stopWaiting()
      const main = document.getElementById('main')
      const active = document.activeElement
      // The page already moved the focus on its own (a form's first field, a wizard's step): it knows best.
      if (!main || (active && active !== document.body && active !== before && !active.contains(main))) return
      if (focusPage(main)) return
      waiting = new MutationObserver(() => {
        if (document.activeElement !== main) return stopWaiting()
        if (focusPage(main)) stopWaiting()
      })
      waiting.observe(main, { childList: true, subtree: true })
    })
    return () => {
      offBefore()
      offRendered()
      stopWaiting()
    }
  }, [router])
}
