import { defineResource, fieldBuilders, type ReferenceTarget, type StatusTone } from '@core/sdk/shared';

/**
 * Keitaro servers and their reverses. A reverse is a domain or proxy endpoint that
 * fronts a Keitaro tracker server. It is either free (in the pool, on no server) or sits on one
 * server as waiting, active or on hold.
 *
 * The state machine (every other action/state pair is refused with 409 and the message below):
 *
 * | action             | free              | waiting  | active  | on_hold |
 * | ------------------ | ----------------- | -------- | ------- | ------- |
 * | transfer {server}  | waiting on server | refused  | refused | refused |
 * | wait               | refused           | refused  | waiting | waiting |
 * | activate           | refused           | active * | refused | active *|
 * | release            | refused           | free     | refused | free    |
 *
 * `*` A server has at most one active reverse: activating one puts the server's previous active
 * reverse on hold, in the same step. That is the only way a reverse goes on hold.
 *
 * A reverse may be deleted in any state but active; deleting a server returns its reverses to
 * the free pool.
 */

export const SERVERS_CODE = 'VR';

export const REVERSE_STATES = ['free', 'waiting', 'active', 'on_hold'] as const;
export type ReverseState = (typeof REVERSE_STATES)[number];
/** The badge colour of each ReverseState (a status column). */
export const REVERSE_STATE_TONES = {
  free: 'success',
  waiting: 'warning',
  active: 'brand',
  on_hold: 'subtle',
} as const satisfies Readonly<Record<ReverseState, StatusTone>>;

export const REVERSE_ACTIONS = ['transfer', 'wait', 'activate', 'release'] as const;
export type ReverseAction = (typeof REVERSE_ACTIONS)[number];

/** Where each action leads from each state it is allowed in. */
export const REVERSE_TRANSITIONS: Readonly<
  Record<ReverseAction, Readonly<Partial<Record<ReverseState, ReverseState>>>>
> = {
  transfer: { free: 'waiting' },
  wait: { active: 'waiting', on_hold: 'waiting' },
  activate: { waiting: 'active', on_hold: 'active' },
  release: { waiting: 'free', on_hold: 'free' },
};

/** What the server's previous active reverse becomes when another one is activated. */
export const DISPLACED_STATE: ReverseState = 'on_hold';

const STATE_WORDS: Readonly<Record<ReverseState, string>> = {
  free: 'free',
  waiting: 'waiting',
  active: 'active',
  on_hold: 'on hold',
};

/** Why each refused action/state pair is refused, in words an operator can act on. */
export const REVERSE_REFUSALS: Readonly<Record<ReverseAction, Readonly<Partial<Record<ReverseState, string>>>>> = {
  transfer: {
    waiting: 'Only a free reverse can be transferred to a server; this one is already waiting on a server.',
    active: 'Only a free reverse can be transferred to a server; this one is active on a server.',
    on_hold: 'Only a free reverse can be transferred to a server; this one is on hold on a server.',
  },
  wait: {
    free: 'A free reverse has no server to wait on: transfer it to a server first.',
    waiting: 'This reverse is already waiting.',
  },
  activate: {
    free: 'A free reverse has no server: transfer it to a server first.',
    active: 'This reverse is already active.',
  },
  release: {
    free: 'This reverse is already free.',
    active: 'An active reverse cannot be released: set it to wait first.',
  },
};

export const ACTIVE_REVERSE_UNDELETABLE = 'An active reverse cannot be deleted: set it to wait first.';

export type TransitionVerdict =
  | { readonly ok: true; readonly to: ReverseState }
  | { readonly ok: false; readonly message: string };

/** The state `action` leads to from `from`, or why it is refused. */
export function reverseTransition(action: ReverseAction, from: ReverseState): TransitionVerdict {
  const to = REVERSE_TRANSITIONS[action][from];
  if (to) return { ok: true, to };
  return {
    ok: false,
    message: REVERSE_REFUSALS[action][from] ?? `A reverse cannot ${action} while ${STATE_WORDS[from]}.`,
  };
}

/** The actions a reverse in `state` offers. */
export function reverseActions(state: ReverseState): ReverseAction[] {
  return REVERSE_ACTIONS.filter((action) => REVERSE_TRANSITIONS[action][state] !== undefined);
}

export function canDeleteReverse(state: ReverseState): boolean {
  return state !== 'active';
}

export interface Reverse {
  readonly id: number;
  /** Host name, optionally with a port: `rev1.example.com`, `10.0.0.5:8080`. */
  readonly address: string;
  readonly comment: string | null;
  readonly state: ReverseState;
  readonly server_id: number | null;
  readonly state_changed_at: string;
  readonly created_at: string;
  /** The actions its state allows, for the row menu. */
  readonly actions: readonly ReverseAction[];
}

export interface KeitaroServer {
  readonly id: number;
  readonly name: string;
  readonly url: string;
  /** `SECRET_MASK` when a key is stored, null when none: the key itself never leaves the server. */
  readonly api_key: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** One server with its reverses by state. */
export interface KeitaroServerCard extends KeitaroServer {
  readonly active: Reverse | null;
  readonly on_hold: readonly Reverse[];
  readonly waiting: readonly Reverse[];
}

/** `GET keitaro/servers`: every server and the free pool. */
export interface KeitaroBoard {
  readonly servers: readonly KeitaroServerCard[];
  readonly free: readonly Reverse[];
}

/** What a reverse action answers: the reverse, and the one it put on hold, if any. */
export interface ReverseActionResult {
  readonly reverse: Reverse;
  readonly displaced: Reverse | null;
}

/** Host name (letters, digits, hyphens, dots) or IPv4 address, optionally `:port`; stored lower-case. */
export const REVERSE_ADDRESS_PATTERN =
  '^(?=.{1,253}(:|$))([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*(:([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?$';

const field = fieldBuilders('admin:keitaro.fields');

/** The server form: validated by the shared resource rules on both sides. */
export const keitaroServersResource = defineResource({
  id: 'admin.keitaro_servers',
  service: 'auth',
  path: 'keitaro/servers',
  table: 'admin.keitaro_servers',
  titleKey: 'admin:keitaro.title',
  recordKey: 'admin:keitaro.server',
  access: { read: SERVERS_CODE, write: SERVERS_CODE },
  fields: [
    field.text('name', { required: true, maxLength: 100, unique: true, filter: false }),
    field.url('url', { required: true, maxLength: 2048, filter: false, sortable: false }),
    field.secret('api_key', { maxLength: 256 }),
  ],
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
});

/** Where a reverse sits, and a tracker account lives. */
export const KEITARO_SERVERS_REFERENCE: ReferenceTarget = {
  service: 'auth',
  path: 'keitaro/servers',
  table: 'admin.keitaro_servers',
  labelColumn: 'name',
};

// Set only by the state machine's actions (POST keitaro/reverses/{id}/<action>), never by a form.
const REVERSE_STATE_FIELD = field.enum('state', REVERSE_STATES, {
  tones: REVERSE_STATE_TONES,
  valueLabelPrefix: 'admin:keitaro.states',
  readOnly: true,
  filter: false,
  sortable: false,
});
const REVERSE_SERVER_FIELD = field.reference('server_id', KEITARO_SERVERS_REFERENCE, {
  labelKey: 'admin:keitaro.fields.server',
  readOnly: true,
  filter: false,
});

/** A reverse: the form adds one to the free pool; state and server change only through the actions. */
export const keitaroReversesResource = defineResource({
  id: 'admin.keitaro_reverses',
  service: 'auth',
  path: 'keitaro/reverses',
  table: 'admin.keitaro_reverses',
  titleKey: 'admin:keitaro.reverses',
  recordKey: 'admin:keitaro.reverse',
  access: { read: SERVERS_CODE, write: SERVERS_CODE },
  fields: [
    field.text('address', {
      required: true,
      maxLength: 259,
      unique: true,
      pattern: REVERSE_ADDRESS_PATTERN,
      patternMessageKey: 'admin:keitaro.addressFormat',
      filter: false,
    }),
    field.text('comment', { maxLength: 500, filter: false, sortable: false }),
    REVERSE_STATE_FIELD,
    REVERSE_SERVER_FIELD,
  ],
  labelField: 'address',
  defaultSort: { field: 'address', direction: 'asc' },
});
