import { defineResource, USERS_REFERENCE } from '@core/sdk/shared';
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
    {
      kind: 'reference',
      name: 'server_id',
      labelKey: 'admin:rdp.record',
      required: true,
      target: RDP_SERVERS_REFERENCE,
    },
    { kind: 'reference', name: 'user_id', labelKey: 'admin:users.record', required: true, target: USERS_REFERENCE },
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
    { kind: 'reference', name: 'user_id', labelKey: 'admin:users.record', required: true, target: USERS_REFERENCE },
    { kind: 'text', name: 'service_name', labelKey: 'admin:services.service', required: true, maxLength: 50 },
    { kind: 'boolean', name: 'is_created_group', labelKey: 'admin:services.createTrackerGroup' },
    {
      kind: 'reference',
      name: 'tracker_id',
      labelKey: 'admin:services.tracker',
      required: true,
      target: KEITARO_SERVERS_REFERENCE,
    },
    { kind: 'text', name: 'external_id', labelKey: 'admin:services.externalId', format: 'identifier', maxLength: 200 },
  ],
  labelField: 'service_name',
});
