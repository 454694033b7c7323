export { reportRoutes } from './report-routes';
export { REPORT_MESSAGES_RU } from './messages-ru';
