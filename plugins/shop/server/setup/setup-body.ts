import { validationError } from '@core/sdk/server';
import { SETUP_COMMENT_MAX, type SetupAction, type SetupActionBody } from '../../shared/setup';

export const FAIL_COMMENT_REQUIRED = 'Say why the setup failed.';

const VERSION = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const COMMENT = { type: 'string', maxLength: SETUP_COMMENT_MAX } as const;

/** `take` carries the version only; `done` and `fail` a comment too. */
export function setupBodySchema(action: SetupAction) {
  return {
    type: 'object',
    additionalProperties: false,
    required: action === 'fail' ? ['version', 'comment'] : ['version'],
    properties: action === 'take' ? { version: VERSION } : { version: VERSION, comment: COMMENT },
  } as const;
}

/** The comment to store: trimmed, none when blank; a failure must say why. */
export function commentOf(action: SetupAction, body: SetupActionBody): string | null {
  const comment = body.comment?.trim() ?? '';
  if (action === 'fail' && comment === '') throw validationError({ comment: [FAIL_COMMENT_REQUIRED] });
  return comment === '' ? null : comment;
}
