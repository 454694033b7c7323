import type { FastifyError, FastifyInstance } from 'fastify';
import {
  ApiError,
  ID_PARAMS,
  notFound,
  validationError,
  type IdParams,
  type Queryable,
  type ServerPluginContext,
} from '@core/sdk/server';
import { whitesResource } from '../../shared/resources';
import { acceptArchives, ArchiveBody, MAX_ARCHIVE_BYTES } from './archive-body';
import {
  ARCHIVE_CONTENT_TYPE,
  ARCHIVE_NAME_INVALID,
  ARCHIVE_NOT_ZIP,
  ARCHIVE_TOO_LARGE,
  NO_ARCHIVE,
} from './messages-ru';

/*
 * A white's site archive (YQ, like the whites): `POST whites/:id/archive?name=site.zip` takes the
 * zip itself as the body (application/zip or application/octet-stream, at most 20 MB, starting
 * with a zip's magic number) and keeps it in system.white_archives, replacing an earlier one; the
 * white's archive name and size and its source `archive` are written through the engine in the
 * same transaction, so the record's history shows the upload. `GET whites/:id/archive` downloads it.
 */

export const UPLOAD_ARCHIVE_ACTION = 'upload-archive';

const ARCHIVES = 'system.white_archives';

/** A file name ending in .zip: no path, quote or control character, no space at either end. */
const ARCHIVE_NAME = /^(?! )[^/\\"\u0000-\u001f\u007f]{1,196}(?<! )\.zip$/iu;

const NAME_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string' } },
} as const;

interface Upload {
  Params: IdParams;
  Querystring: { name: string };
  Body: unknown;
}

/** The Content-Disposition of a download: the name as given, with an ASCII stand-in for old clients. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function liveWhite(db: Queryable, id: number): Promise<{ archive_name: string | null } | null> {
  const { rows } = await db.query<{ archive_name: string | null }>(
    `SELECT archive_name FROM ${whitesResource.table} WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return rows[0] ?? null;
}

export function registerWhiteArchives(app: FastifyInstance, { db, records, routes }: ServerPluginContext): void {
  const access = { access: { requires: 'YQ' } } as const;
  // A scope of its own, so the binary body parser and the size message stay with these routes.
  void app.register(async (scope) => {
    acceptArchives(scope);
    scope.setErrorHandler((error: FastifyError) => {
      throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new ApiError(413, ARCHIVE_TOO_LARGE) : error;
    });

    scope.post<Upload>(
      '/whites/:id/archive',
      {
        // The body is the archive's bytes, read by the zip parser above.
        config: { ...access, input: 'handler' },
        bodyLimit: MAX_ARCHIVE_BYTES,
        schema: { params: ID_PARAMS, querystring: NAME_QUERY },
      },
      async (request) => {
        const { name } = request.query;
        if (!ARCHIVE_NAME.test(name) || name.length > 200) throw validationError({ name: [ARCHIVE_NAME_INVALID] });
        if (!(request.body instanceof ArchiveBody)) throw new ApiError(415, ARCHIVE_CONTENT_TYPE);
        if (!request.body.looksLikeZip) throw validationError({ archive: [ARCHIVE_NOT_ZIP] });
        const { bytes } = request.body;
        const values = { source: 'archive', archive_name: name, archive_size: bytes.length };
        const record = await db.transaction(async (tx) => {
          const changed = await records.changeIn(
            tx,
            whitesResource,
            request.params.id,
            { action: UPLOAD_ARCHIVE_ACTION, values },
            routes.actorOf(request),
          );
          await tx.query(
            `INSERT INTO ${ARCHIVES} (white_id, content) VALUES ($1, $2)
             ON CONFLICT (white_id) DO UPDATE SET content = EXCLUDED.content, uploaded_at = now()`,
            [request.params.id, bytes],
          );
          return changed;
        });
        return { data: record };
      },
    );

    scope.get<{ Params: IdParams }>(
      '/whites/:id/archive',
      { config: access, schema: { params: ID_PARAMS } },
      async (request, reply) => {
        const white = await liveWhite(db, request.params.id);
        if (!white) throw notFound();
        const { rows } = await db.query<{ content: Uint8Array }>(
          `SELECT content FROM ${ARCHIVES} WHERE white_id = $1`,
          [request.params.id],
        );
        const content = rows[0]?.content;
        if (!content) throw new ApiError(404, NO_ARCHIVE);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', attachment(white.archive_name ?? `white-${request.params.id}.zip`))
          .send(Buffer.from(content.buffer, content.byteOffset, content.byteLength));
      },
    );
  });
}
