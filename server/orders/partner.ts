import { PARTNER } from '../../src/domain/order.ts'

/** Who the orders this storefront places are booked to; never taken from the request. */
export interface Partner {
  id: number | string
  comments: string
  agent_email: string
}

export const sandboxPartner: Partner = { ...PARTNER }

/** PARTNER_ID, PARTNER_COMMENTS and PARTNER_AGENT_EMAIL; a numeric id stays a number, as the client sends it. */
export const readPartner = (e: { PARTNER_ID: string; PARTNER_COMMENTS: string; PARTNER_AGENT_EMAIL: string }): Partner => ({
  id: /^\d{1,15}$/.test(e.PARTNER_ID) ? Number(e.PARTNER_ID) : e.PARTNER_ID,
  comments: e.PARTNER_COMMENTS,
  agent_email: e.PARTNER_AGENT_EMAIL,
})
