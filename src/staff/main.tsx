import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { i18n, savedLanguage, showStaffLanguage } from './i18n.ts'
import { createStaffRouter } from './router.tsx'
import { StaffSessionProvider } from './session.tsx'

/**
 * The staff app (/staff): its own page, chunks and catalogue; nothing of the storefront's app runs here, and the
 * storefront's service worker neither serves nor keeps any of it.
 */
const router = createStaffRouter()
const root = document.getElementById('staff-root')
const language = savedLanguage()

async function start() {
  if (language !== 'en') await showStaffLanguage(language).catch(() => undefined)
  if (!root) return
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <StaffSessionProvider>
          <RouterProvider router={router} />
        </StaffSessionProvider>
      </I18nProvider>
    </StrictMode>,
  )
}
void start()
