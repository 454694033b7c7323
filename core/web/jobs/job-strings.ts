import type { i18n as I18nInstance } from 'i18next';
import type { Language } from '@core/shared/runtime-config';
import type { TranslationBundle } from '../kernel/contributions';
import { useInjection } from '../react/container-context';
import { CORE_NAMESPACE, I18nService } from '../services/i18n-service';
import enJobs from '../i18n/en/jobs.json';
import ruJobs from '../i18n/ru/jobs.json';

/** The job panel's strings (`core:jobs.*`), in every language. */
export const JOB_BUNDLES: Readonly<Record<Language, TranslationBundle>> = { en: enJobs, ru: ruJobs };

const added = new WeakSet<I18nInstance>();

/**
 * Merges the job panel's strings into the `core` namespace the first time a panel renders: they
 * travel with the panel's code (in the chunks of the plugins that follow jobs), not with the shell.
 * Silent and idempotent per i18next instance, so calling it during a render is safe.
 */
export function useJobStrings(): void {
  const { i18n } = useInjection(I18nService);
  if (added.has(i18n)) return;
  added.add(i18n);
  for (const [language, bundle] of Object.entries(JOB_BUNDLES)) {
    i18n.addResourceBundle(language, CORE_NAMESPACE, bundle, true, false, { silent: true });
  }
}
