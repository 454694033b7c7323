import type { RussianMessages } from '@core/sdk/server';

/** The admin plugin's refusals a user can meet, in Russian (the API answers a Russian caller with these). */
export const ADMIN_MESSAGES_RU: RussianMessages = {
  'The selected user is invalid.': 'Выбранный пользователь не найден.',
  'The selected server does not exist.': 'Выбранный сервер не найден.',
  'The selected tracker does not exist.': 'Выбранный трекер не найден.',
  'This value is already taken.': 'Это значение уже занято.',
  // RDP
  'This user already has access to this RDP server.': 'У пользователя уже есть доступ к этому RDP-серверу.',
  // Issue tracker
  'The issue tracker is not configured: set ERP_YOUTRACK_TOKEN to a YouTrack permanent token.':
    'Трекер задач не настроен: задайте в ERP_YOUTRACK_TOKEN постоянный токен YouTrack.',
  'YouTrack answered in a shape this server does not understand.': 'YouTrack ответил в непонятном серверу виде.',
  'YouTrack at {url} cannot be reached. Please try again later.':
    'YouTrack по адресу {url} недоступен. Попробуйте позже.',
  'This user already has an issue-tracker account.': 'У пользователя уже есть учётная запись в трекере задач.',
  'This user has no issue-tracker account: create it first.':
    'У пользователя нет учётной записи в трекере задач: сначала создайте её.',
  'A group with this name already exists.': 'Группа с таким названием уже есть.',
  'The user is already in this group.': 'Пользователь уже состоит в этой группе.',
  'The user is not in this group.': 'Пользователь не состоит в этой группе.',
  // Tracker users
  'This user already has an account of this service on this tracker.':
    'У пользователя уже есть учётная запись этого сервиса на этом трекере.',
  '{count} tracker user account(s) live on this server: delete them first.':
    'На этом сервере есть учётные записи пользователей трекера ({count}): сначала удалите их.',
  // Keitaro reverses
  'A free reverse has no server to wait on: transfer it to a server first.':
    'Свободному реверсу не на каком сервере ждать: сначала передайте его серверу.',
  'A free reverse has no server: transfer it to a server first.':
    'У свободного реверса нет сервера: сначала передайте его серверу.',
  'An active reverse cannot be deleted: set it to wait first.':
    'Активный реверс нельзя удалить: сначала переведите его в ожидание.',
  'An active reverse cannot be released: set it to wait first.':
    'Активный реверс нельзя вернуть в пул: сначала переведите его в ожидание.',
  'Only a free reverse can be transferred to a server; this one is active on a server.':
    'Передать серверу можно только свободный реверс; этот активен на сервере.',
  'Only a free reverse can be transferred to a server; this one is already waiting on a server.':
    'Передать серверу можно только свободный реверс; этот уже ожидает на сервере.',
  'Only a free reverse can be transferred to a server; this one is on hold on a server.':
    'Передать серверу можно только свободный реверс; этот приостановлен на сервере.',
  'This reverse is already active.': 'Реверс уже активен.',
  'This reverse is already free.': 'Реверс уже свободен.',
  'This reverse is already waiting.': 'Реверс уже ожидает.',
  'This reverse changed while the action ran. Reload and try again.':
    'Реверс изменился, пока выполнялось действие. Обновите страницу и попробуйте снова.',
};
