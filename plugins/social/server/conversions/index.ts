export { testEventRoute } from './test-event-route';
export { CONVERSIONS_MESSAGES_RU } from './messages-ru';
