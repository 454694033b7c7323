import { defineResource, fieldBuilders, USERS_REFERENCE } from '@core/sdk/shared';
import { KEITARO_SERVERS_REFERENCE, SERVERS_CODE } from '../shared/keitaro';
import { USERS_CODE } from '../shared/services';

/*
 * Accounts a user holds on an outside system, as the engine writes them: the routes that create
 * and remove them (plugins/admin/server/rdp, tracker-users) tell the outside system and write
 * through these definitions in one transaction, so each is validated (user live, server present),
 * audited with its actor and versioned. They are not REST resources of their own (no generic
 * routes are mounted): a grant or a tracker account exists only with its outside counterpart.
 * Migration 0007 gave their tables the engine's meta columns.
 */

const RDP_SERVERS_REFERENCE = {
  service: 'auth',
  path: 'rdps/server',
  table: 'admin.rdp_servers',
  labelColumn: 'name',
} as const;

// Only written through, never listed by the engine, so no field offers a filter or a sort.
const field = fieldBuilders('admin:services');

/** The user who holds the account: the grantee, the tracker user. */
const USER_FIELD = field.reference('user_id', USERS_REFERENCE, {
  labelKey: 'admin:users.record',
  required: true,
  filter: false,
});

/** A user granted on an RDP server (`POST rdps/{serverId}/users/{userId}`). */
export const rdpGrantRecords = defineResource({
  id: 'admin.rdp_grants',
  service: 'auth',
  path: 'rdps',
  table: 'admin.rdp_users',
  titleKey: 'admin:services.rdp',
  recordKey: 'admin:services.sources.rdp',
  access: { read: SERVERS_CODE, write: SERVERS_CODE },
  fields: [
    field.reference('server_id', RDP_SERVERS_REFERENCE, {
      labelKey: 'admin:rdp.record',
      required: true,
      filter: false,
    }),
    USER_FIELD,
  ],
  labelField: 'user_id',
});

/** A user's account on a Keitaro tracker (`POST tracker/users`). */
export const trackerUserRecords = defineResource({
  id: 'admin.tracker_users',
  service: 'auth',
  path: 'tracker/users',
  table: 'admin.tracker_users',
  titleKey: 'admin:services.trackers',
  recordKey: 'admin:services.sources.tracker_user',
  access: { read: USERS_CODE, write: USERS_CODE },
  fields: [
    USER_FIELD,
    field.text('service_name', {
      labelKey: 'admin:services.service',
      required: true,
      maxLength: 50,
      filter: false,
      sortable: false,
    }),
    field.boolean('is_created_group', {
      labelKey: 'admin:services.createTrackerGroup',
      filter: false,
      sortable: false,
    }),
    field.reference('tracker_id', KEITARO_SERVERS_REFERENCE, {
      labelKey: 'admin:services.tracker',
      required: true,
      filter: false,
    }),
    field.identifier('external_id', { filter: false, sortable: false }),
  ],
  labelField: 'service_name',
});
