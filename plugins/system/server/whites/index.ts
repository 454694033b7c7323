import type { Migration } from '@core/sdk/server';
import whiteArchivesSql from '../migrations/0001_white_archives.sql?raw';

export { registerWhiteArchives, UPLOAD_ARCHIVE_ACTION } from './archive-routes';
export { MAX_ARCHIVE_BYTES } from './archive-body';
export { WHITES_MESSAGES_RU } from './messages-ru';
export { whiteHooks } from './white-rules';

/** The table the uploaded archives are kept in. */
export const WHITE_ARCHIVES_MIGRATION: Migration = { name: '0001_white_archives', sql: whiteArchivesSql };
