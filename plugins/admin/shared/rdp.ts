import { defineResource, fieldBuilders } from '@core/sdk/shared';
import { SERVERS_CODE } from './keitaro';

/**
 * RDP servers (name, url, ip, username, password) and the users granted on each
 * (an "RDP user" links a user to a server). The password is write-only.
 */

/** IPv4 dotted quad, or an IPv6 address (hex groups and colons). */
export const IP_PATTERN =
  '^(((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])|([0-9a-fA-F]{0,4}:){2,7}[0-9a-fA-F]{0,4})$';

const field = fieldBuilders('admin:rdp.fields');

export const rdpServersResource = defineResource({
  id: 'admin.rdp_servers',
  service: 'auth',
  path: 'rdps/server',
  table: 'admin.rdp_servers',
  titleKey: 'admin:rdp.title',
  recordKey: 'admin:rdp.record',
  access: { read: SERVERS_CODE, write: SERVERS_CODE },
  fields: [
    field.text('name', { required: true, maxLength: 100, unique: true }),
    field.url('url', { maxLength: 2048 }),
    field.text('ip', { required: true, maxLength: 45, pattern: IP_PATTERN, patternMessageKey: 'admin:rdp.ipFormat' }),
    field.text('username', { maxLength: 100 }),
    field.secret('password', { maxLength: 256 }),
  ],
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
});

/** A user granted on an RDP server. */
export interface RdpGrant {
  /** The grant's id: `DELETE rdps/{id}` revokes it. */
  readonly id: number;
  readonly server_id: number;
  readonly user_id: number;
  readonly username: string;
  readonly created_at: string;
}

/** A row of `GET rdps/server`: the record and the users granted on it. */
export interface RdpServer {
  readonly id: number;
  readonly version: number;
  readonly name: string;
  readonly url: string | null;
  readonly ip: string;
  readonly username: string | null;
  /** `SECRET_MASK` when set, null when not: the password never leaves the server. */
  readonly password: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly users: readonly RdpGrant[];
}
