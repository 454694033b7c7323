export { testEventRoute, type TestEventDeps } from './test-event-route';
export type { EventSender } from './test-event';
export { CONVERSIONS_MESSAGES_RU } from './messages-ru';
