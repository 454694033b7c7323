/**
 * Notifications: the kernel service plugins publish through (`context.notifications`), the
 * /api/notifications routes the bell and the /notifications page read, and the event streams that
 * push new ones to open pages on every server copy.
 *
 * - A plugin declares its sources (`<plugin>.<name>`) in `register`; each user switches a source
 *   on or off, and asks for it through the messenger's bot too (`via_bot`, when a delivery channel
 *   reaches them).
 * - `publish(tx, input)` writes one row per recipient in the caller's transaction (the named users,
 *   or the holders of a code through a role or directly; superadmins only when opted in; blocked
 *   users and those who switched the source off never), enqueues a durable delivery job per row a
 *   channel should carry, and announces the rows with NOTIFY (fan-out.ts), which reaches every
 *   copy's listener once the transaction commits.
 * - A page opens `GET /api/notifications/stream?ticket=` with a one-time ticket (stored hashed in the
 *   database, so any copy accepts it) and receives `notification` and `unread` events (streams.ts).
 * - The kernel's own source `core.jobs` tells the user who started a labelled job that it finished
 *   (job-source.ts).
 */
export * from './types';
export { NOTIFICATION_MESSAGES_RU } from './messages-ru';
export { registerNotificationRoutes, STREAM_PATH } from './routes';
export { createNotificationSystem } from './system';
export { DEFAULT_MAX_STREAMS, NotificationStreams } from './streams';
export { notifySettledJobs } from './job-source';
export { seedSampleNotifications } from './demo-samples';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's notification streams: the host ends them on SIGTERM before it waits for requests in flight. */
    notificationStreams: import('./streams').NotificationStreams;
  }
}
