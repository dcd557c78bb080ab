export { startFakeStripe, type FakeStripe, type Delivery, type DeliveryMode, type NextPayment } from './server';
