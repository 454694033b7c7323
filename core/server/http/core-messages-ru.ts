import type { RussianMessages } from './message-translations';

/** The core's messages a user can meet (sign-in, users, roles, settings, the resource engine), in Russian. */
export const CORE_MESSAGES_RU: RussianMessages = {
  // Requests and access
  'Unauthenticated.': 'Требуется вход.',
  'This action is unauthorized.': 'Это действие не разрешено.',
  'Server error.': 'Ошибка сервера.',
  'The server is busy. Please try again in a few seconds.':
    'Сервер перегружен. Повторите попытку через несколько секунд.',
  'The given data was invalid.': 'Данные заполнены неверно.',
  'The request body is not valid JSON.': 'Тело запроса — не JSON.',
  'The request body is too large.': 'Тело запроса слишком велико.',
  'The request URL is not valid.': 'Адрес запроса неверен.',
  'The request URL is too long.': 'Адрес запроса слишком длинный.',
  'Unsupported content type.': 'Такой тип содержимого не поддерживается.',
  'The page has expired (XSRF token mismatch). Please reload and try again.':
    'Страница устарела. Обновите её и попробуйте снова.',
  'This field is required.': 'Это поле обязательно.',
  'This field is not allowed.': 'Это поле не допускается.',
  'This field must not contain a NUL character.': 'Это поле не должно содержать символ NUL.',
  // Sign-in
  'Invalid email. Please try again.': 'Неверный e-mail. Попробуйте снова.',
  'Too many sign-in attempts. Please try again in {minutes} minutes.':
    'Слишком много попыток входа. Попробуйте снова через {minutes} мин.',
  'No user is linked to this Telegram account.': 'С этим аккаунтом Telegram не связан ни один пользователь.',
  'The Telegram sign-in data could not be verified.': 'Не удалось проверить данные входа через Telegram.',
  'The Telegram sign-in data has expired. Please sign in with Telegram again.':
    'Данные входа через Telegram устарели. Войдите через Telegram ещё раз.',
  'The Telegram sign-in data is dated in the future. Please check the clock and try again.':
    'Данные входа через Telegram датированы будущим. Проверьте часы и попробуйте снова.',
  'The Telegram sign-in data is malformed.': 'Данные входа через Telegram повреждены.',
  'Messenger sign-in is not configured: set ERP_TELEGRAM_BOT_LINK and ERP_TELEGRAM_BOT_TOKEN.':
    'Вход через мессенджер не настроен: задайте ERP_TELEGRAM_BOT_LINK и ERP_TELEGRAM_BOT_TOKEN.',
  'Sign-in through the bot is not available: no messenger bot with the sign-in handler is set up.':
    'Вход через бота недоступен: не настроен бот мессенджера с обработчиком входа.',
  'The sign-in code has expired. Ask for a new one.': 'Срок действия кода входа истёк. Запросите новый.',
  'This sign-in code has already been used.': 'Этот код входа уже использован.',
  'This sign-in code is not valid. Ask for a new one.': 'Этот код входа недействителен. Запросите новый.',
  'The chat-platform authorization failed.': 'Авторизация в чат-платформе не удалась.',
  'The chat-platform authorization has expired. Please start linking again.':
    'Авторизация в чат-платформе устарела. Начните привязку заново.',
  'The chat-platform authorization is not finished yet.': 'Авторизация в чат-платформе ещё не завершена.',
  'This chat-platform account is already linked to another user.':
    'Эта учётная запись чат-платформы уже привязана к другому пользователю.',
  // Preferences
  'Preference not found.': 'Настройка не найдена.',
  // Users
  'The username has already been taken.': 'Такое имя пользователя уже занято.',
  'The email has already been taken.': 'Такой e-mail уже занят.',
  'The Telegram user id has already been taken.': 'Такой ID пользователя Telegram уже занят.',
  'The email field is required when the user has no Telegram user id.':
    'Укажите e-mail, если у пользователя нет ID Telegram.',
  'The password field is required.': 'Укажите пароль.',
  'The password must be at least {length} characters.': 'Пароль должен быть не короче {length} символов.',
  'The username must be at least 2 characters.': 'Имя пользователя должно быть не короче 2 символов.',
  'The selected manager is invalid.': 'Выбранный руководитель не найден.',
  'The selected roles are invalid.': 'Выбранные роли не найдены.',
  'The selected permissions are invalid.': 'Выбранные разрешения не найдены.',
  'A user cannot be their own manager.': 'Пользователь не может быть своим руководителем.',
  'You cannot block yourself.': 'Нельзя заблокировать себя.',
  'You cannot delete yourself.': 'Нельзя удалить себя.',
  // Roles and permissions
  'The name field is required.': 'Укажите название.',
  'The name has already been taken.': 'Такое название уже занято.',
  'The superadmin role cannot be deleted.': 'Роль superadmin нельзя удалить.',
  'The superadmin role cannot be renamed.': 'Роль superadmin нельзя переименовать.',
  'This role is assigned to users and cannot be deleted.': 'Роль назначена пользователям, её нельзя удалить.',
  // System settings
  'There is no such setting.': 'Такой настройки нет.',
  'The value must be text, a number, true or false, or null for the default.':
    'Значение должно быть текстом, числом, true или false, либо null для значения по умолчанию.',
  // The resource engine (its field messages are already in the caller's language)
  'The list parameters are invalid.': 'Параметры списка неверны.',
  'This parameter may be given once.': 'Этот параметр можно указать один раз.',
  'This parameter must be text.': 'Этот параметр должен быть текстом.',
  'Choose one of: {values}.': 'Выберите одно из: {values}.',
  'These columns are not known: {names}.': 'Таких столбцов нет: {names}.',
  'Unknown time zone "{zone}" in X-Time-Zone: send an IANA zone such as Europe/Moscow.':
    'Неизвестный часовой пояс «{zone}» в X-Time-Zone: укажите пояс IANA, например Europe/Moscow.',
  'The version must be a whole number.': 'Версия должна быть целым числом.',
  'This record is already blocked.': 'Запись уже заблокирована.',
  'This record is not blocked.': 'Запись не заблокирована.',
  'This record is not deleted.': 'Запись не удалена.',
  'This record is still used by other records and cannot be deleted.':
    'Запись используется другими записями, её нельзя удалить.',
  'This record is still used by other records ({resources}) and cannot be deleted.':
    'Запись используется другими записями ({resources}), её нельзя удалить.',
  'This action does not apply to the record in its current state.':
    'Это действие неприменимо к записи в её текущем состоянии.',
  'This action takes no input.': 'Это действие не принимает данных.',
  'This entry changed no field that can be set back.': 'Эта запись не меняла полей, которые можно вернуть.',
  'A value could not be stored: it is out of range or contains characters that are not allowed.':
    'Значение не удалось сохранить: оно вне допустимого диапазона или содержит недопустимые символы.',
};
