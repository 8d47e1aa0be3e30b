/** The demo's support address; production refuses to start without its own (server/productionChecks.ts). */
export const demoSupportEmail = 'support@storefront.co.za'

/** SUPPORT_EMAIL, or outside production the demo's; production keeps it empty, for its checks to refuse. */
export const readSupportEmail = (e: { SUPPORT_EMAIL: string }, demo: boolean): string => e.SUPPORT_EMAIL || (demo ? demoSupportEmail : '')
