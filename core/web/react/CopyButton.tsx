import { useTranslation } from 'react-i18next';
import { Button, Tooltip } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useResourceStrings } from '../resource/resource-strings';
import { ToastService } from '../services/toast-service';
import { useInjection } from './container-context';

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  readonly text: string;
  /** The button's text (its tooltip and accessible name when `compact`); `Copy` by default. */
  readonly label?: string;
  /** The success toast; "Copied to the clipboard" by default. */
  readonly copiedMessage?: string;
  /** A small icon-only button with the label as its tooltip, for a table cell. */
  readonly compact?: boolean;
}

/**
 * Copies a text to the clipboard and says so in a toast; a browser that refuses the clipboard gets
 * an error toast asking to copy by hand. The button carries `data-copy` for tests to find it (never
 * the text itself, which may be secret).
 */
export function CopyButton({ text, label, copiedMessage, compact = false }: CopyButtonProps) {
  useResourceStrings();
  const { t } = useTranslation('core');
  const toasts = useInjection(ToastService);
  const name = label ?? t('resource.copy.label');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toasts.success(copiedMessage ?? t('resource.copy.copied'));
    } catch {
      toasts.error(t('resource.copy.failed'));
    }
  };
  if (!compact) {
    return (
      <Button type="button" icon={<CopyRegular />} onClick={() => void copy()} data-copy="">
        {name}
      </Button>
    );
  }
  return (
    <Tooltip relationship="label" content={name}>
      <Button
        type="button"
        size="small"
        appearance="subtle"
        icon={<CopyRegular />}
        onClick={() => void copy()}
        data-copy=""
      />
    </Tooltip>
  );
}
