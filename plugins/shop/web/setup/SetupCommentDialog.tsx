import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, MessageBar, MessageBarBody, Textarea } from '@fluentui/react-components';
import { FormDialog, HttpClients, serverMessage, ToastService, useFormErrors, useInjection } from '@core/sdk/web';
import type { ResourceRecord } from '@core/sdk/shared';
import { SETUP_COMMENT_MAX } from '../../shared/setup';
import { runSetupAction } from './setup-api';

export interface SetupCommentDialogProps {
  readonly task: ResourceRecord;
  readonly action: 'done' | 'fail';
  /** After the task was saved (the list reloads). */
  readonly onSaved: () => void;
  readonly onClose: () => void;
}

/**
 * Finishes a taken setup task with a comment (required to fail it), then says whether the buyer
 * was told through the team's bot: a notice that could not go out is a warning, never a success.
 */
export function SetupCommentDialog({ task, action, onSaved, onClose }: SetupCommentDialogProps) {
  const { t } = useTranslation('shop');
  const clients = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const [comment, setComment] = useState('');
  const errors = useFormErrors({ comment });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const text = comment.trim();
    const invalid =
      action === 'fail' && text === ''
        ? t('setup.required')
        : text.length > SETUP_COMMENT_MAX
          ? t('setup.tooLong', { max: SETUP_COMMENT_MAX })
          : null;
    errors.show(invalid ? { comment: [invalid] } : {});
    setFailure(null);
    if (invalid) return;
    setBusy(true);
    try {
      const answer = await runSetupAction(clients, task, action, text === '' ? undefined : text);
      toasts.success(t('setup.finished'));
      if (answer.notice === 'sent') toasts.info(t('setup.notices.sent'));
      else if (answer.notice !== null) toasts.warning(t(`setup.notices.${answer.notice}`));
      onSaved();
      onClose();
    } catch (error) {
      setFailure(serverMessage(error) ?? t('transfer.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t(action === 'fail' ? 'setup.failTitle' : 'setup.doneTitle')}
      onSubmit={submit}
      onClose={() => !busy && onClose()}
      busy={busy}
    >
      {failure && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <Field
        label={t('setup.commentLabel')}
        required={action === 'fail'}
        hint={t(action === 'fail' ? 'setup.failHint' : 'setup.doneHint')}
        validationMessage={errors.first('comment')}
      >
        <Textarea
          name="comment"
          value={comment}
          onChange={(_, data) => setComment(data.value)}
          rows={4}
          resize="vertical"
        />
      </Field>
    </FormDialog>
  );
}
