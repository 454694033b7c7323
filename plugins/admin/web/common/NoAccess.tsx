import { useTranslation } from 'react-i18next';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';

/** Shown instead of a screen to a user without its code (the server refuses the calls anyway). */
export function NoAccess() {
  const { t } = useTranslation('admin');
  return (
    <MessageBar intent="warning">
      <MessageBarBody>{t('common.noAccess')}</MessageBarBody>
    </MessageBar>
  );
}
