import { createFileRoute } from '@tanstack/react-router'
import { LegalPageView } from '../features/legal/LegalPageView.tsx'
import { legalTitles } from '../features/legal/legalTitles.ts'

export const Route = createFileRoute('/legal/terms')({ staticData: { title: legalTitles.terms }, component: LegalPage })

function LegalPage() {
  return <LegalPageView page="terms" />
}
