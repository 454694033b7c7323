import type { Actor, AuditService, Queryable } from '@core/sdk/server';
import type { ServiceLink, ServiceLinkSource } from '../../shared/services';
import { isoOf } from '../http';

/** Exactly one of these: the account the link stands for. */
export type LinkSourceColumn =
  | { readonly tracker_user_id: number }
  | { readonly rdp_user_id: number }
  | { readonly you_track_user_id: number };

export interface NewServiceLink {
  readonly userId: number;
  readonly service: string;
  readonly source: LinkSourceColumn;
}

/** The audit trail's name for service links: their history is read by it. */
export const SERVICE_LINKS_RESOURCE = 'admin.service_links';

const SOURCE_COLUMNS = ['tracker_user_id', 'rdp_user_id', 'you_track_user_id'] as const;

const sourceValues = (source: LinkSourceColumn) => ({
  tracker_user_id: 'tracker_user_id' in source ? source.tracker_user_id : null,
  rdp_user_id: 'rdp_user_id' in source ? source.rdp_user_id : null,
  you_track_user_id: 'you_track_user_id' in source ? source.you_track_user_id : null,
});

/** Records the link of a new account, with its audit row, in the transaction that creates the account. */
export async function insertServiceLink(
  db: Queryable,
  audit: AuditService,
  link: NewServiceLink,
  actor: Actor,
): Promise<number> {
  const source = sourceValues(link.source);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO admin.service_links (user_id, service, tracker_user_id, rdp_user_id, you_track_user_id)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [link.userId, link.service, source.tracker_user_id, source.rdp_user_id, source.you_track_user_id],
  );
  const id = Number(rows[0]?.id);
  await audit.record(db, {
    resource: SERVICE_LINKS_RESOURCE,
    recordId: id,
    action: 'create',
    actorId: actor.id,
    before: null,
    after: { user_id: link.userId, service: link.service, ...source },
  });
  return id;
}

/** Removes the link of an account about to go, with its audit row (the database would drop it silently with the account). */
export async function deleteServiceLink(
  db: Queryable,
  audit: AuditService,
  source: LinkSourceColumn,
  actor: Actor,
): Promise<void> {
  // The column comes from this constant list, never from a request.
  const column = SOURCE_COLUMNS.find((name) => name in source) ?? 'tracker_user_id';
  const { rows } = await db.query<{ id: string; user_id: string; service: string }>(
    `DELETE FROM admin.service_links WHERE ${column} = $1 RETURNING id, user_id, service`,
    [sourceValues(source)[column]],
  );
  for (const row of rows) {
    await audit.record(db, {
      resource: SERVICE_LINKS_RESOURCE,
      recordId: Number(row.id),
      action: 'delete',
      actorId: actor.id,
      before: { user_id: Number(row.user_id), service: row.service, ...sourceValues(source) },
      after: null,
    });
  }
}

interface LinkRow {
  readonly id: string | number;
  readonly user_id: string | number;
  readonly service: string;
  readonly tracker_user_id: string | number | null;
  readonly rdp_user_id: string | number | null;
  readonly you_track_user_id: string | number | null;
  readonly label: string | null;
  readonly is_default: boolean;
  readonly created_at: Date | string;
}

/*
 * A link is the default of its user and service when service_link_defaults names it, or, while
 * no row names a live link, when it is the oldest: so there is always exactly one.
 */
const LINK_SELECT = `
  SELECT l.id, l.user_id, l.service, l.tracker_user_id, l.rdp_user_id, l.you_track_user_id, l.created_at,
         COALESCE(ks.name, rs.name, ya.login) AS label,
         l.id = COALESCE(d.link_id, oldest.id) AS is_default
  FROM admin.service_links l
  LEFT JOIN admin.tracker_users tu ON tu.id = l.tracker_user_id
  LEFT JOIN admin.keitaro_servers ks ON ks.id = tu.tracker_id
  LEFT JOIN admin.rdp_users ru ON ru.id = l.rdp_user_id
  LEFT JOIN admin.rdp_servers rs ON rs.id = ru.server_id
  LEFT JOIN admin.you_track_accounts ya ON ya.user_id = l.you_track_user_id
  LEFT JOIN admin.service_link_defaults d ON d.user_id = l.user_id AND d.service = l.service
  LEFT JOIN LATERAL (
    SELECT o.id FROM admin.service_links o WHERE o.user_id = l.user_id AND o.service = l.service ORDER BY o.created_at, o.id LIMIT 1
  ) oldest ON true`;

function toLink(row: LinkRow): ServiceLink {
  const [source, sourceId]: [ServiceLinkSource, string | number | null] =
    row.tracker_user_id !== null
      ? ['tracker_user', row.tracker_user_id]
      : row.rdp_user_id !== null
        ? ['rdp', row.rdp_user_id]
        : ['you_track', row.you_track_user_id];
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    service: row.service,
    source,
    source_id: Number(sourceId),
    label: row.label ?? '',
    is_default: row.is_default,
    created_at: isoOf(row.created_at),
  };
}

export async function linksOfUser(db: Queryable, userId: number): Promise<ServiceLink[]> {
  const { rows } = await db.query<LinkRow>(
    `${LINK_SELECT} WHERE l.user_id = $1 ORDER BY l.service, l.created_at, l.id`,
    [userId],
  );
  return rows.map(toLink);
}

export async function findLink(db: Queryable, id: number): Promise<ServiceLink | null> {
  const { rows } = await db.query<LinkRow>(`${LINK_SELECT} WHERE l.id = $1`, [id]);
  return rows[0] ? toLink(rows[0]) : null;
}

/** Makes `link` the default of its user and service (the others stop being it), audited on the link. */
export async function makeDefault(db: Queryable, audit: AuditService, link: ServiceLink, actor: Actor): Promise<void> {
  if (link.is_default) return;
  await db.query(
    `INSERT INTO admin.service_link_defaults (user_id, service, link_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, service) DO UPDATE SET link_id = EXCLUDED.link_id`,
    [link.user_id, link.service, link.id],
  );
  await audit.record(db, {
    resource: SERVICE_LINKS_RESOURCE,
    recordId: link.id,
    action: 'make_default',
    actorId: actor.id,
    before: { is_default: false },
    after: { is_default: true },
  });
}
