import { createFileRoute } from '@tanstack/react-router'
import { LegalPageView } from '../features/legal/LegalPageView.tsx'
import { legalTitles } from '../features/legal/legalTitles.ts'

export const Route = createFileRoute('/legal/privacy')({ staticData: { title: legalTitles.privacy }, component: LegalPage })

function LegalPage() {
  return <LegalPageView page="privacy" />
}
