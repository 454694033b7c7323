import { LANGUAGES, type Language } from '@core/shared/runtime-config';
import { STORAGE_KEYS } from '../services/storage-keys';

export function isLanguage(value: string | null): value is Language {
  return value !== null && (LANGUAGES as readonly string[]).includes(value);
}

/** The language the user chose earlier, or null when none (or an unknown one) is stored. */
export function storedLanguage(storage: Storage): Language | null {
  const stored = storage.getItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : null;
}
