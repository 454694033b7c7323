import type { Migration } from '@core/sdk/server';
import whiteArchivesSql from '../migrations/0001_white_archives.sql?raw';

export { registerWhiteArchives } from './archive-routes';
export { MAX_ARCHIVE_BYTES } from './archive-body';
export { WHITES_MESSAGES_RU } from './messages-ru';

/** The table the uploaded archives are kept in. */
export const WHITE_ARCHIVES_MIGRATION: Migration = { name: '0001_white_archives', sql: whiteArchivesSql };
