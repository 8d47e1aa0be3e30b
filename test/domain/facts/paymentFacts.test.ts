import { paymentFamily } from '../../../src/domain/facts/paymentFacts.ts'
import { describeFamily } from './familyContract.ts'

describeFamily(paymentFamily, {
  'v1.PaymentCheckoutCreated': {
    checkout: {
      checkoutId: '8ac7a4c8lab0000000000000000000001.lab',
      order_id: 9,
      order_number: 'SO-000009',
      amount: '299.00',
      currency: 'ZAR',
      scriptUrl: '/sandbox/payments/v1/paymentWidgets.js?checkoutId=lab',
    },
    customerId: 3,
  },
  'v1.PaymentResultReceived': {
    customerId: 3,
    orderId: 9,
    checkoutId: null,
    method: 'wallet',
    status: 200,
    result: { code: '000.100.110', description: 'ok' },
  },
})
