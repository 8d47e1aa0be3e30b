/**
 * What the server answers a customer can meet, in English (the API's language): the server sends these, and the
 * app shows each in the customer's language (src/lib/validationMessages.ts translates them).
 */
export const serverMessages = {
  wrongCredentials: 'Incorrect Username or Password. Please try again.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  notSignedIn: 'Not signed in.',
  emailTaken: 'An account with this email already exists.',
  tooManySignups: 'Many accounts were created from your network in the last hour. Please wait a while and try again.',
  orderNotFound: 'Order not found.',
  serviceNotFound: 'Service not found.',
  checkoutNotFound: 'Payment not found.',
  alreadyPaid: 'This order is already paid.',
  notPayable: 'This order can no longer be paid.',
  amountMismatch: 'The amount does not match the order.',
  paymentInFlight: 'This payment is still being processed. Please wait a moment.',
  providerDown: 'The payment provider could not be reached. Please try again.',
  tooManyMessages: 'You have sent several messages in the last few minutes. Please wait a little before sending another.',
  othersOrder: 'You can only pay for your own orders.',
  othersOrders: 'You can only view your own orders.',
  orderForSomeoneElse: 'You can only place orders for yourself.',
  othersServices: 'You can only view your own services.',
  othersServiceBundles: 'You can only buy bundles for your own SIMs.',
  bundleNotOffered: 'This bundle is not offered for this SIM.',
  serviceNotActive: 'Bundles can only be added to an active SIM.',
  othersBilling: 'You can only view your own billing.',
  othersProfile: 'You can only view your own profile.',
  othersPayments: 'You can only see your own payments.',
  paymentForSomeoneElse: 'You can only pay for yourself.',
  wrongCurrentPassword: 'The current password is not correct.',
  resetLinkSent: 'If an account exists for that email, we sent a link to reset your password.',
  tooManyResetRequests:
    'You asked for several links to reset a password in the last few minutes. Please check your email, or wait a little before asking again.',
  resetLinkUsed: 'This link was already used, or your password was changed after it was sent.',
  resetLinkExpired: 'This link has expired: a link to reset your password works for 30 minutes.',
  resetLinkInvalid: 'This link is not valid: it may have been cut short. Open it again from the email, or ask for a new one.',
} as const
