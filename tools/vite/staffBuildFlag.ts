/**
 * Set by server/build/buildApp.ts for the staff app's build, which runs after the storefront's. A module of its own,
 * importing nothing: the production server imports it through buildApp.ts and must never load Vite or its plugins.
 */
export const staffBuildVariable = 'STOREFRONT_STAFF_BUILD'
export const isStaffBuild = () => process.env[staffBuildVariable] === '1'
