import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { HttpClients, ToastService, useInjection } from '@core/sdk/web';
import type { ResourceRecord } from '@core/sdk/shared';
import { MESSAGE_MAX_LENGTH } from '../../shared/resources';
import { sendTestBody, sendTestFailure, sendTestMessage, sendTestProblems, type SendTestField } from './send-test';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface SendTestDialogProps {
  readonly bot: ResourceRecord;
  /** After every attempt, sent or not: a failed one may have changed the bot's webhook status (Telegram unreachable). */
  readonly onAttempted: () => void;
  readonly onClose: () => void;
}

/**
 * Sends a test message through the bot to a chat: checks the chat id and the text first, shows
 * the server's refusal (Telegram's words included) inside the dialog, and closes with a toast once
 * Telegram took the message. It cannot be closed while the message is on its way, so the outcome
 * is always seen.
 */
export function SendTestDialog({ bot, onAttempted, onClose }: SendTestDialogProps) {
  const { t } = useTranslation('messenger');
  const styles = useStyles();
  const clients = useInjection(HttpClients);
  const toasts = useInjection(ToastService);
  const botName = typeof bot.name === 'string' ? bot.name : `#${bot.id}`;
  const [chatId, setChatId] = useState('');
  const [text, setText] = useState(() => t('sendTest.defaultText', { bot: botName }));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SendTestField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const body = sendTestBody(chatId, text);
    const problems = sendTestProblems(body);
    setFieldErrors(
      Object.fromEntries(Object.entries(problems).map(([name, key]) => [name, t(key, { max: MESSAGE_MAX_LENGTH })])),
    );
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    setSending(true);
    try {
      await sendTestMessage(clients, bot.id, body);
      toasts.success(t('sendTest.sent', { chat: body.chat_id }));
      onClose();
    } catch (error) {
      const refusal = sendTestFailure(error);
      setFieldErrors(refusal.fields);
      setFailure(Object.keys(refusal.fields).length > 0 ? null : (refusal.message ?? t('sendTest.failed')));
    } finally {
      setSending(false);
      onAttempted();
    }
  };

  const close = () => {
    if (!sending) onClose();
  };

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={(event) => void send(event)} noValidate aria-busy={sending}>
          <DialogBody>
            <DialogTitle>{t('sendTest.title')}</DialogTitle>
            <DialogContent className={styles.content}>
              <Text>{t('sendTest.intro', { bot: botName })}</Text>
              {failure && (
                <MessageBar intent="error">
                  <MessageBarBody>{failure}</MessageBarBody>
                </MessageBar>
              )}
              <Field
                label={t('sendTest.chatId')}
                required
                hint={t('sendTest.chatIdHint')}
                validationMessage={fieldErrors.chat_id}
              >
                <Input name="chat_id" value={chatId} onChange={(_, data) => setChatId(data.value)} autoComplete="off" />
              </Field>
              <Field label={t('sendTest.text')} required validationMessage={fieldErrors.text}>
                <Textarea
                  name="text"
                  value={text}
                  onChange={(_, data) => setText(data.value)}
                  rows={4}
                  resize="vertical"
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button type="button" appearance="secondary" onClick={close} disabled={sending}>
                {t('core:resource.form.cancel')}
              </Button>
              <Button
                type="submit"
                appearance="primary"
                disabled={sending}
                icon={sending ? <Spinner size="tiny" /> : undefined}
              >
                {t('sendTest.send')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
