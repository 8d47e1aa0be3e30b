/** What the customer and the call centre quote: SVC- and the id, at least six digits. */
export const serviceReferenceFor = (id: number): string => `SVC-${String(id).padStart(6, '0')}`
