import type { ServiceIdentifier } from 'inversify';

/** The media query whose `matches` says the system prefers a dark colour scheme. */
export const DARK_SCHEME_MEDIA = '(prefers-color-scheme: dark)';

/** `matchMedia(DARK_SCHEME_MEDIA)` in the browser; behind a token so tests can flip the system scheme. */
export const ColorSchemeQueryToken: ServiceIdentifier<MediaQueryList> = Symbol.for('erp.ColorSchemeQuery');
