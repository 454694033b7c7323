import type { FastifyInstance } from 'fastify';

/** A white's archive is at most this large (the upload's body limit). */
export const MAX_ARCHIVE_BYTES = 20 * 1024 * 1024;

/** The content types an archive upload is sent as. */
export const ARCHIVE_CONTENT_TYPES = ['application/zip', 'application/octet-stream'];

// A zip starts with a local file header; an empty zip (only the end record) holds no page to show.
const LOCAL_FILE_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * An uploaded archive's bytes, kept in a private field: the kernel walks every request body's own
 * properties looking for NUL characters in text, and a Buffer's would be twenty million indices.
 */
export class ArchiveBody {
  readonly #bytes: Buffer;

  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }

  get bytes(): Buffer {
    return this.#bytes;
  }

  /** Whether the bytes begin as a zip archive does (its magic number). */
  get looksLikeZip(): boolean {
    return this.#bytes.subarray(0, LOCAL_FILE_HEADER.length).equals(LOCAL_FILE_HEADER);
  }
}

/** Reads zip and octet-stream bodies of `scope`'s routes as an ArchiveBody. */
export function acceptArchives(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    ARCHIVE_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_ARCHIVE_BYTES },
    (_request, body, done) => {
      done(null, new ArchiveBody(Buffer.isBuffer(body) ? body : Buffer.from(body)));
    },
  );
}
