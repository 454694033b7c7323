import type { Language } from '@core/shared/runtime-config';

/**
 * The catalogue's descriptions (core/shared/permission-catalogue.ts) are English data shared with the
 * server. The profile shows them in the reader's language, so the other languages are kept here, in
 * the profile's own chunk rather than in the core bundles every page downloads.
 */
const DESCRIPTIONS: Readonly<Partial<Record<Language, Readonly<Record<string, string>>>>> = {
  ru: {
    JA: 'Статьи',
    JS: 'Системные настройки',
    JU: 'Пользователи',
    JQ: 'Роли и права',
    JT: 'Роли и права (другой код)',
    VR: 'Серверы Keitaro и RDP-серверы',
    MA: 'Аккаунты рекламной платформы',
    MC: 'Conversion API',
    FO: 'Сервисы рекламной платформы',
    MD: 'Раздел рекламной платформы (группа флага)',
    MP: 'Страницы рекламной платформы (группа флага)',
    MQ: 'Раздел рекламной платформы (группа флага)',
    MS: 'Раздел рекламной платформы (группа флага)',
    MV: 'Раздел рекламной платформы (группа флага)',
    SC: 'Категории магазина',
    SP: 'Товары магазина',
    SQ: 'Позиции магазина',
    SO: 'Заказы магазина',
    SM: 'Ручная передача заказов',
    SS: 'Настройка товаров',
    SR: 'Отчёты магазина',
    TF: 'Финансовые проекты',
    TA: 'Рекламодатели',
    TT: 'Трекеры',
    TO: 'Офферы',
    TS: 'Потоки',
    TB: 'Сделки бизнес-развития',
    TL: 'Лимиты бизнес-развития',
    TR: 'Запросы бизнес-развития и полный отчёт трекера',
    YP: 'Прокси',
    YS: 'Сервисы',
    YE: 'Серверы',
    YQ: 'Сайты',
    YA: 'Проекты',
    YD: 'Домены',
    YU: 'Пользователи доменов',
    YT: 'Языки',
    YL: 'Языки стран',
    FP: 'Оплата сервисов',
    FW: 'Кошельки',
    FD: 'Подразделения',
    FG: 'Таблицы',
    FN: 'Должности',
    FA: 'Финансовые статьи',
    FT: 'Транзакции',
    FF: 'Черновики транзакций',
    FS: 'Финансовые проекты',
    FV: 'Раздел финансов (группа флага)',
    FE: 'Раздел финансов (группа флага)',
    FC: 'Контрагенты',
    FH: 'Раздел финансов (группа флага)',
    FZ: 'Агентства (команды)',
    FL: 'Вертикали',
    FJ: 'Сотрудники',
    MB: 'Боты мессенджера',
  },
};

/** The description of `code` in `language`, else the catalogue's English one (null for an unknown code). */
export function describePermission(code: string, english: string | null, language: string): string | null {
  const translated = DESCRIPTIONS[language as Language]?.[code];
  return translated ?? english;
}

