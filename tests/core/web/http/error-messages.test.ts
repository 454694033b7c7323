import { describe, expect, it } from 'vitest';
import { fieldErrors, serverMessages } from '@core/web/http/error-messages';
import { HttpError } from '@core/web/http/http-error';

describe('serverMessages', () => {
  it.each([
    ['a string', { errors: 'Name is taken' }, ['Name is taken']],
    ['a list', { errors: ['First', 'Second'] }, ['First', 'Second']],
    [
      'an object of lists and strings, in order',
      { errors: { email: ['Bad e-mail', 'Too long'], name: 'Required' } },
      ['Bad e-mail', 'Too long', 'Required'],
    ],
    ['the message when errors is absent', { message: 'Too many requests' }, ['Too many requests']],
    ['the message when errors holds nothing', { errors: {}, message: 'Conflict' }, ['Conflict']],
    ['errors before the message', { errors: ['Wins'], message: 'Loses' }, ['Wins']],
  ])('takes %s', (_, body, expected) => {
    expect(serverMessages(body)).toEqual(expected);
  });

  it.each([
    ['an empty object', {}],
    ['a blank message', { message: '  ' }],
    ['a text body', '<html>Bad gateway</html>'],
    ['no body', undefined],
    ['a list body', ['not', 'an', 'envelope']],
  ])('finds nothing in %s', (_, body) => {
    expect(serverMessages(body)).toEqual([]);
  });
});

describe('fieldErrors', () => {
  it('lists the errors of each field', () => {
    const error = new HttpError(422, ['Required', 'Taken'], {
      errors: { url: ['Required', 'Too long'], external_id: 'Taken' },
    });
    expect(error.fieldErrors).toEqual({ url: ['Required', 'Too long'], external_id: ['Taken'] });
  });

  it.each([
    ['a string', { errors: 'Wrong' }],
    ['a list', { errors: ['Wrong'] }],
    ['no errors', { message: 'Wrong' }],
    ['no body', undefined],
  ])('is empty for %s', (_, body) => {
    expect(fieldErrors(body)).toEqual({});
  });
});
