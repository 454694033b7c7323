/** Local storage keys, spelled exactly as the spec's Entities and their fields section lists them. */
export const STORAGE_KEYS = {
  authToken: 'authToken',
  userData: 'userData',
  lastRoute: 'lastRoute',
  language: 'language',
  layout: 'layout',
  dir: 'dir',
  primaryColor: 'primary-color',
  /** The spec stores the theme under "a generic colour-scheme key". */
  colorScheme: 'color-scheme',
} as const;
