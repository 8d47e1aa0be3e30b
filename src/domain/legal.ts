/**
 * The pages the law expects of a South African online seller: the seller's details (ECT Act s43), the privacy notice
 * (POPIA), the terms of sale (delivery, the ECT Act s44 cooling-off, returns and refunds) and the PAIA manual's link.
 * What every page's footer needs, and no more: the pages' wire format is src/domain/legalPages.ts.
 */
export const LEGAL_PAGES = ['seller', 'privacy', 'terms', 'paia'] as const
export type LegalPage = (typeof LEGAL_PAGES)[number]

/** Where a legal page opens in the app (and in every mail's footer, after the shop's origin). */
export const legalPath = <P extends LegalPage>(page: P) => `/legal/${page}` as const
