import { useTranslation } from 'react-i18next';
import type { LocaleFormat } from '@core/shared/format/locale-format';
import { I18nService } from '../services/i18n-service';
import { useInjection } from './container-context';

/**
 * The interface language's forms (dates, numbers, money, percents, months) for a component that
 * shows them; the component draws again when the language changes.
 */
export function useLocaleFormat(): LocaleFormat {
  // i18next tells its subscribers of a new language after I18nService has taken it.
  useTranslation();
  return useInjection(I18nService).format;
}
