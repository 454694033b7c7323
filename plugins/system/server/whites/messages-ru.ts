import type { RussianMessages } from '@core/sdk/server';

/** The whites' refusals, in English as the API words them. */

export const WHITE_URL_REQUIRED = 'A white shown from a URL needs its URL.';
export const ARCHIVE_TOO_LARGE = 'The archive is larger than 20 MB.';
export const ARCHIVE_NOT_ZIP = 'The file is not a zip archive.';
export const ARCHIVE_CONTENT_TYPE =
  'Send the archive itself as the body, typed application/zip or application/octet-stream.';
export const ARCHIVE_NAME_INVALID =
  'The archive name must be a file name ending in .zip, at most 200 characters, without slashes or control characters.';
export const NO_ARCHIVE = 'This white has no uploaded archive.';

export const WHITES_MESSAGES_RU: RussianMessages = {
  [WHITE_URL_REQUIRED]: 'Для white-страницы по URL нужен её URL.',
  [ARCHIVE_TOO_LARGE]: 'Архив больше 20 МБ.',
  [ARCHIVE_NOT_ZIP]: 'Файл не является zip-архивом.',
  [ARCHIVE_CONTENT_TYPE]: 'Отправьте сам архив телом запроса с типом application/zip или application/octet-stream.',
  [ARCHIVE_NAME_INVALID]:
    'Имя архива должно быть именем файла с окончанием .zip, не длиннее 200 символов, без косых черт и управляющих символов.',
  [NO_ARCHIVE]: 'У этой white-страницы нет загруженного архива.',
};
