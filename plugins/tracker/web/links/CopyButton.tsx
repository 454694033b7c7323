import { useTranslation } from 'react-i18next';
import { Button, Tooltip } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { ToastService, useInjection } from '@core/sdk/web';

export interface CopyButtonProps {
  readonly text: string;
}

/** Copies a link to the clipboard and says so; a browser that refuses the clipboard gets an error toast. */
export function CopyButton({ text }: CopyButtonProps) {
  const { t } = useTranslation('tracker');
  const toasts = useInjection(ToastService);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toasts.success(t('link.copied'));
    } catch {
      toasts.error(t('link.copyFailed'));
    }
  };
  return (
    <Tooltip relationship="label" content={t('link.copy')}>
      <Button size="small" appearance="subtle" icon={<CopyRegular />} onClick={() => void copy()} data-copy={text} />
    </Tooltip>
  );
}
