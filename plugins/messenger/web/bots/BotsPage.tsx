import { useMemo, useState } from 'react';
import { ResourcePage, type ResourceScreenOptions } from '@core/sdk/web';
import type { ResourceRecord } from '@core/sdk/shared';
import { botsResource } from '../../shared/resources';
import { SEND_TEST_ACTION } from './send-test';
import { SendTestDialog } from './SendTestDialog';
import { UsernameCell } from './UsernameCell';
import { WebhookStatusCell } from './WebhookStatusCell';

/** The bot a test message is being written for, and how to reload the list it came from. */
interface SendingTest {
  readonly bot: ResourceRecord;
  readonly reload: () => Promise<void>;
}

/**
 * `/tg-bots`: the engine's list of bots with the webhook status as a badge with its details, the
 * username as a link to the bot in Telegram, and the definition's row actions. The engine runs the
 * Telegram actions itself (a toast with the server's message on failure, then a reload, so the
 * badge shows the status they left); "Send test message" opens a dialog first.
 */
export function BotsPage() {
  const [sending, setSending] = useState<SendingTest | null>(null);
  const options = useMemo<ResourceScreenOptions>(
    () => ({
      cells: { webhook_status: WebhookStatusCell, username: UsernameCell },
      rowActionRunners: { [SEND_TEST_ACTION]: (bot, { reload }) => setSending({ bot, reload }) },
    }),
    [],
  );
  return (
    <>
      <ResourcePage definition={botsResource} options={options} />
      {sending && (
        <SendTestDialog bot={sending.bot} onAttempted={() => void sending.reload()} onClose={() => setSending(null)} />
      )}
    </>
  );
}
