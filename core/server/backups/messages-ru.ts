import type { RussianMessages } from '../http/message-translations';

export const BACKUP_WRITTEN = 'Wrote {file} ({size:number} bytes).';
export const BACKUPS_PRUNED = 'Deleted {count:number} older backup(s): the last {keep:number} are kept.';
export const BACKUPS_ON_POSTGRES =
  'The database is PostgreSQL: the server does not back it up itself. Use pg_dump -Fc (see the README, Operations → Backups).';

/** The backups' API messages and job log lines in Russian. */
export const BACKUP_MESSAGES_RU: RussianMessages = {
  [BACKUP_WRITTEN]: 'Записан файл {file} ({size} байт).',
  [BACKUPS_PRUNED]: 'Удалено старых резервных копий: {count}; хранятся последние {keep}.',
  [BACKUPS_ON_POSTGRES]:
    'База данных — PostgreSQL: сервер не делает её резервные копии сам. Используйте pg_dump -Fc (см. README, раздел Operations → Backups).',
};
