import { useTranslation } from 'react-i18next';
import { WAITING_FOR_PLATFORM_STEP } from '../../shared/platform-jobs';

/** A sync's step outside its list: the rate-limit pause in the reader's words ("waiting for the platform", not a failure). */
export function useStepLabel(): (step: string) => string {
  const { t } = useTranslation('social');
  return (step) => (step === WAITING_FOR_PLATFORM_STEP ? t('sync.waiting') : step);
}
