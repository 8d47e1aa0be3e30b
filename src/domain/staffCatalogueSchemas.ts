import * as v from 'valibot'
import { CatalogueBundleSchema, CataloguePackageSchema } from './catalogueFile.ts'

/**
 * The back office's catalogue routes (/api/staff/catalogue) check with the catalogue file's own schemas
 * (src/domain/catalogueFile.ts), so an entry the back office saves is one the import would take, and the reverse.
 * The staff app imports only the types (src/domain/staffCatalogue.ts).
 */

/** Body of POST /catalogue/packages and PATCH /catalogue/packages/:id: the whole entry but its id. */
export const PackageEditSchema = v.omit(CataloguePackageSchema, ['id'])

/** Body of POST /catalogue/bundles: the whole entry, its id chosen by the member. */
export const BundleCreateSchema = CatalogueBundleSchema

/** Body of PATCH /catalogue/bundles/:id: the whole entry but its id. */
export const BundleEditSchema = v.omit(CatalogueBundleSchema, ['id'])

const listed = { retiredAt: v.nullable(v.string()) }

export const StaffPackageSchema = v.object({ ...CataloguePackageSchema.entries, ...listed, ordered: v.boolean() })
export const StaffBundleSchema = v.object({ ...CatalogueBundleSchema.entries, ...listed })

export const StaffCatalogueReplySchema = v.object({ packages: v.array(StaffPackageSchema), bundles: v.array(StaffBundleSchema) })
export const StaffPackageReplySchema = v.object({ package: StaffPackageSchema })
export const StaffBundleReplySchema = v.object({ bundle: StaffBundleSchema })
