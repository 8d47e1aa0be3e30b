/**
 * The Server-Timing entry by which the server tells a page it rendered when it sent it: the page cannot read its
 * own Date header, and the catalogue it carries is an answer like any other.
 */
export const SENT_TIMING = 'sent'
