import type { BundleKind } from './bundle.ts'
import type { CatalogueBundle, CataloguePackage } from './catalogueFile.ts'
import type { ProductBilling } from './service.ts'

/**
 * The back office's catalogue as the staff app needs it at run time: the choices its form offers and why a change is
 * refused. Nothing is imported at run time, so the staff app's chunks never pull the storefront's. The schemas the
 * server checks and answers with are in staffCatalogueSchemas.ts (the catalogue file's own, src/domain/catalogueFile.ts).
 */

export const CATALOGUE_BILLINGS = ['prepaid', 'monthly'] as const satisfies readonly ProductBilling[]
export const CATALOGUE_BUNDLE_KINDS = ['data', 'voice', 'sms'] as const satisfies readonly BundleKind[]
/** The languages every catalogue text is written in; English is required, the others are missing when null. */
export const CATALOGUE_LANGUAGES = ['en', 'xh', 'af'] as const

/** Why a catalogue change is refused, for the staff app to say in the member's language. */
export const CATALOGUE_REFUSALS = ['not_found', 'retired', 'billing_in_use', 'bundle_id_taken'] as const
export type CatalogueRefusal = (typeof CATALOGUE_REFUSALS)[number]

/** The English of each refusal (the API's `error`), beside its code. */
export const catalogueRefusalText: Record<CatalogueRefusal, string> = {
  not_found: 'There is no such package or bundle.',
  retired: 'This was retired: it stays on the orders and SIMs that name it, and can no longer be changed.',
  billing_in_use: 'Orders or SIMs already name this package, so its billing stays as it is: add a new package instead.',
  bundle_id_taken: 'A bundle with this id exists already (retired ones too): choose another id.',
}

/** A package as the back office lists it: the catalogue file's entry, when it was retired, and whether orders name it. */
export type StaffPackage = CataloguePackage & { retiredAt: string | null; ordered: boolean }
export type StaffBundle = CatalogueBundle & { retiredAt: string | null }

/** GET /api/staff/catalogue: every package and bundle, retired ones too, with every translation (null: missing). */
export interface StaffCatalogue {
  packages: StaffPackage[]
  bundles: StaffBundle[]
}

/** What a package's form sends: the entry without its id (the server gives a new one its id). */
export type PackageEdit = Omit<CataloguePackage, 'id'>
/** What a bundle's form sends when it changes one (a new one brings its id). */
export type BundleEdit = Omit<CatalogueBundle, 'id'>
