import { lazy, Suspense } from 'react'
import { createFileRoute, notFound } from '@tanstack/react-router'

// Behind the build flag, so a VITE_LAB=false build drops the import and with it every line of the lab.
const LabScreen = import.meta.env.VITE_LAB === 'false' ? null : lazy(() => import('../devtools/lab/LabScreen.tsx'))

/** The machine lab for testers (docs/features.md, "Machine lab"); not linked from the customer header. */
export const Route = createFileRoute('/lab')({
  beforeLoad: () => {
    if (import.meta.env.VITE_LAB === 'false') throw notFound()
  },
  component: LabPage,
})

function LabPage() {
  if (!LabScreen) return null
  return (
    <Suspense fallback={null}>
      <LabScreen />
    </Suspense>
  )
}
