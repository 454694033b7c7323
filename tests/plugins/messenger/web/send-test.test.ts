import { describe, expect, it } from 'vitest';
import { HttpError } from '@core/sdk/web';
import { MESSAGE_MAX_LENGTH } from '@plugins/messenger/shared/resources';
import { sendTestBody, sendTestFailure, sendTestProblems } from '@plugins/messenger/web/bots/send-test';

const problems = (chatId: string, text = 'Hello') => sendTestProblems(sendTestBody(chatId, text));

describe('the send-test form check', () => {
  it('takes a chat number (negative for groups and channels) or a public @channel, as the server does', () => {
    for (const chatId of ['123456789', '-1001234567890', '@my_channel', ' 42 ']) expect(problems(chatId)).toEqual({});
    for (const chatId of ['0', '-0', '0123', '12 34', '@abc', '@1channel', 'channel', '12345678901234567']) {
      expect(problems(chatId)).toEqual({ chat_id: 'sendTest.chatIdInvalid' });
    }
    expect(problems('  ')).toEqual({ chat_id: 'sendTest.chatIdRequired' });
  });

  it("counts the text in characters, as Telegram's limit and the server's schema do", () => {
    expect(problems('1', '😀'.repeat(MESSAGE_MAX_LENGTH))).toEqual({});
    expect(problems('1', 'a'.repeat(MESSAGE_MAX_LENGTH + 1))).toEqual({ text: 'sendTest.textTooLong' });
    expect(problems('1', ' \n ')).toEqual({ text: 'sendTest.textRequired' });
  });
});

describe('a refused send', () => {
  it("keeps the server's messages for the dialog's fields, else its message", () => {
    const invalid = new HttpError(422, ['Bad chat'], {
      message: 'The given data was invalid.',
      errors: { chat_id: ['Bad chat'], other: ['Ignored'] },
    });
    expect(sendTestFailure(invalid)).toEqual({ fields: { chat_id: 'Bad chat' }, message: null });
    const refused = new HttpError(422, ['Telegram refused sendMessage: chat not found'], {
      message: 'Telegram refused sendMessage: chat not found',
    });
    expect(sendTestFailure(refused)).toEqual({ fields: {}, message: 'Telegram refused sendMessage: chat not found' });
    expect(sendTestFailure(new TypeError('Failed to fetch'))).toEqual({ fields: {}, message: null });
  });
});
