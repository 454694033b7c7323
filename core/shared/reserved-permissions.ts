import type { PermissionDeclaration } from './manifest';
import type { PermissionCode } from './permissions';
import type { ServiceName } from './services';

/**
 * Spec §6 codes and area flags of the areas whose plugins are not built yet (the social-ad
 * platform). They are seeded and shown like any plugin's, so roles can be prepared before
 * the screens exist; each entry stands in only until a plugin declares the same code or flag,
 * which then wins (permission-catalogue.ts). Delete an area's part here when its plugin lands.
 */
export interface ReservedArea {
  readonly service: ServiceName;
  readonly permissions: readonly PermissionDeclaration[];
}

/** The flag groups of spec §6 for those areas. */
export const RESERVED_AREA_FLAGS: Readonly<Record<string, readonly PermissionCode[]>> = {
  facebook: ['MA', 'MD', 'MP', 'MQ', 'MS', 'MV'],
};

const social = (code: string, en: string, ru: string): PermissionDeclaration => ({ code, area: 'social', description: { en, ru } });

export const RESERVED_SPEC_AREAS: readonly ReservedArea[] = [
  {
    service: 'social',
    permissions: [
      social('MA', 'Social-ad accounts', 'Аккаунты рекламной платформы'),
      social('MC', 'Conversion API', 'Conversion API'),
      social('FO', 'Social-ad services', 'Сервисы рекламной платформы'),
      social('MD', 'Social-ad area (flag group)', 'Раздел рекламной платформы (группа флага)'),
      social('MP', 'Social-ad pages (flag group)', 'Страницы рекламной платформы (группа флага)'),
      social('MQ', 'Social-ad area (flag group)', 'Раздел рекламной платформы (группа флага)'),
      social('MS', 'Social-ad area (flag group)', 'Раздел рекламной платформы (группа флага)'),
      social('MV', 'Social-ad area (flag group)', 'Раздел рекламной платформы (группа флага)'),
    ],
  },
];
