/** Local storage keys of spec §3. */
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
