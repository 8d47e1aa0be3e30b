import { createFileRoute } from '@tanstack/react-router'
import { LegalPageView } from '../features/legal/LegalPageView.tsx'
import { legalTitles } from '../features/legal/legalTitles.ts'

export const Route = createFileRoute('/legal/paia')({ staticData: { title: legalTitles.paia }, component: LegalPage })

function LegalPage() {
  return <LegalPageView page="paia" />
}
