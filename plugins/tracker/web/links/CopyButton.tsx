import { useTranslation } from 'react-i18next';
import { CopyButton as SdkCopyButton } from '@core/sdk/web';

export interface CopyButtonProps {
  readonly text: string;
}

/** The SDK's copy button, small and worded for a link ("Copy link", "Link copied."). */
export function CopyButton({ text }: CopyButtonProps) {
  const { t } = useTranslation('tracker');
  return <SdkCopyButton text={text} label={t('link.copy')} copiedMessage={t('link.copied')} compact />;
}
