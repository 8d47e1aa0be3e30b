/** Who sells, as a tax invoice names them (SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_NUMBER). */
export interface Seller {
  name: string
  address: string
  vatNumber: string
}

/** The demo's seller; production refuses to start without its own (server/productionChecks.ts). */
export const demoSeller: Seller = { name: 'Seed Storefront (Pty) Ltd', address: '1 Demo Street, Gardens, Cape Town, 8001', vatNumber: '4000000000' }

/**
 * The demo's defaults fill what is unset outside production (its name the shop's, when SHOP_NAME is set); production
 * keeps them empty, for its checks to refuse.
 */
export function readSeller(e: { SELLER_NAME: string; SELLER_ADDRESS: string; SELLER_VAT_NUMBER: string }, demo: boolean, shopName = ''): Seller {
  const given = { name: e.SELLER_NAME, address: e.SELLER_ADDRESS, vatNumber: e.SELLER_VAT_NUMBER }
  return demo
    ? {
        name: given.name || shopName || demoSeller.name,
        address: given.address || demoSeller.address,
        vatNumber: given.vatNumber || demoSeller.vatNumber,
      }
    : given
}
