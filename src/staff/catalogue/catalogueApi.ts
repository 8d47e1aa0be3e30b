import type { BundleEdit, PackageEdit, StaffBundle, StaffCatalogue, StaffPackage } from '../../domain/staffCatalogue.ts'
import type { CatalogueBundle } from '../../domain/catalogueFile.ts'
import { staffApi } from '../api/client.ts'

/** GET /api/staff/catalogue: every package and bundle, retired ones too, each translation present or null (missing). */
export const readCatalogue = () => staffApi<StaffCatalogue>('GET', '/catalogue')

export const createPackage = (entry: PackageEdit) => staffApi<{ package: StaffPackage }>('POST', '/catalogue/packages', entry)
export const updatePackage = (id: number, entry: PackageEdit) => staffApi<{ package: StaffPackage }>('PATCH', `/catalogue/packages/${id}`, entry)
export const retirePackage = (id: number) => staffApi<{ package: StaffPackage }>('POST', `/catalogue/packages/${id}/retire`)

export const createBundle = (entry: CatalogueBundle) => staffApi<{ bundle: StaffBundle }>('POST', '/catalogue/bundles', entry)
export const updateBundle = (id: string, entry: BundleEdit) => staffApi<{ bundle: StaffBundle }>('PATCH', `/catalogue/bundles/${encodeURIComponent(id)}`, entry)
export const retireBundle = (id: string) => staffApi<{ bundle: StaffBundle }>('POST', `/catalogue/bundles/${encodeURIComponent(id)}/retire`)
