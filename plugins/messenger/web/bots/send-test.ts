import { HttpError, serverMessage, type HttpClients } from '@core/sdk/web';
import { botsResource, CHAT_ID_PATTERN, MESSAGE_MAX_LENGTH, type SendTestBody } from '../../shared/resources';

/** The bots' row action the page runs through its dialog instead of the engine's bare POST. */
export const SEND_TEST_ACTION = 'send-test';

const sendTestAction = botsResource.rowActions?.find((action) => action.name === SEND_TEST_ACTION);
if (!sendTestAction) throw new Error(`${botsResource.id} declares no "${SEND_TEST_ACTION}" row action`);
const SEND_TEST_ENDPOINT = sendTestAction.endpoint;

// The server's checks of the body, made first so the dialog says what is wrong before anything is
// sent; the server checks again and has the last word.
const CHAT_ID = new RegExp(CHAT_ID_PATTERN);

export type SendTestField = keyof SendTestBody;

/** What is wrong with each field: i18n keys of the messenger namespace (read with `{ max: MESSAGE_MAX_LENGTH }`). */
export type SendTestProblems = Partial<Record<SendTestField, string>>;

/** The body as it will be sent: the chat id without surrounding blanks, the text as typed. */
export function sendTestBody(chatId: string, text: string): SendTestBody {
  return { chat_id: chatId.trim(), text };
}

export function sendTestProblems(body: SendTestBody): SendTestProblems {
  const problems: SendTestProblems = {};
  if (body.chat_id === '') problems.chat_id = 'sendTest.chatIdRequired';
  else if (!CHAT_ID.test(body.chat_id)) problems.chat_id = 'sendTest.chatIdInvalid';
  if (body.text.trim() === '') problems.text = 'sendTest.textRequired';
  else if ([...body.text].length > MESSAGE_MAX_LENGTH) problems.text = 'sendTest.textTooLong';
  return problems;
}

/** `POST bots/{id}/send-test`, silent: the dialog tells the outcome itself. */
export async function sendTestMessage(
  clients: Pick<HttpClients, 'get'>,
  botId: number,
  body: SendTestBody,
): Promise<void> {
  await clients
    .get(botsResource.service)
    .post(`${botsResource.path}/${botId}/${SEND_TEST_ENDPOINT}`, body, { silent: true });
}

/** Why the server refused: its messages for the dialog's fields, else its message (null when it said nothing). */
export interface SendTestFailure {
  readonly fields: Partial<Record<SendTestField, string>>;
  readonly message: string | null;
}

export function sendTestFailure(error: unknown): SendTestFailure {
  const fieldErrors = error instanceof HttpError ? error.fieldErrors : {};
  const fields: Partial<Record<SendTestField, string>> = {};
  for (const name of ['chat_id', 'text'] as const) {
    const first = fieldErrors[name]?.[0];
    if (first) fields[name] = first;
  }
  // A refusal about the fields is told beside them; anything else (Telegram's answer) above them.
  return { fields, message: Object.keys(fields).length > 0 ? null : serverMessage(error) };
}
