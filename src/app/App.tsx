import { StrictMode } from 'react'
import { RouterProvider } from '@tanstack/react-router'
import { I18nProvider } from '@lingui/react'
import { i18n } from '../i18n/i18n.ts'
import { FirstPaintCatalogueContext, type FirstPaintCatalogue } from '../features/catalogue/firstPaint.ts'
import type { AppRouter } from '../router.ts'
import type { Services } from './services.ts'
import { ServicesContext } from '../lib/serviceContext.ts'
import { BrandContext, pageBrand } from '../lib/brand.ts'
import type { Brand } from '../domain/brand.ts'

/** The whole app as the browser renders it and the server renders its first HTML: one tree for both, so hydration matches. */
export function App({
  router,
  services,
  catalogue,
  brand = pageBrand,
}: {
  router: AppRouter
  services: Services
  catalogue?: FirstPaintCatalogue
  brand?: Brand
}) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ServicesContext value={services}>
          <BrandContext value={brand}>
            <FirstPaintCatalogueContext.Provider value={catalogue}>
              <RouterProvider router={router} />
            </FirstPaintCatalogueContext.Provider>
          </BrandContext>
        </ServicesContext>
      </I18nProvider>
    </StrictMode>
  )
}
