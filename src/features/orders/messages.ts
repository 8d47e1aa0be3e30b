// The worker's message after it replayed queued orders: the page then drains to learn their answers.
export { ORDERS_REPLAYED } from '../../../sw/orderRoute.ts'
