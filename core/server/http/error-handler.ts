import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addFieldError } from '@core/shared/field-errors';
import { ApiError, type FieldErrors } from './api-error';
import type { MessageTranslator } from './message-translations';
import { readerOf } from './reader';
import { REQUEST_ID_HEADER } from './request-id';

interface AjvIssue {
  readonly instancePath: string;
  readonly message?: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
}

/** Turns Fastify's schema errors into field → messages, naming the field a person would recognise. */
function fieldErrors(issues: readonly AjvIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    // `required` and `additionalProperties` are reported on the parent object; name the property itself.
    const named =
      issue.keyword === 'required'
        ? issue.params.missingProperty
        : issue.keyword === 'additionalProperties'
          ? issue.params.additionalProperty
          : undefined;
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = [path, typeof named === 'string' ? named : ''].filter(Boolean).join('.') || 'body';
    const message =
      issue.keyword === 'required'
        ? 'This field is required.'
        : issue.keyword === 'additionalProperties'
          ? 'This field is not allowed.'
          : `This field ${issue.message ?? 'is invalid'}.`;
    addFieldError(errors, field, message);
  }
  return errors;
}

function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  // A path that names no record in the canonical way (`/users/+10`, `/users/abc`) addresses nothing.
  if (error.validation && error.validationContext === 'params') return new ApiError(404, 'Not found.');
  if (error.validation) {
    const errors = fieldErrors(error.validation as readonly AjvIssue[]);
    return new ApiError(422, 'The given data was invalid.', errors);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'Unsupported content type.');
  }
  if (error instanceof SyntaxError) return new ApiError(400, 'The request body is not valid JSON.');
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(error.statusCode, error.message);
  }
  return new ApiError(500, 'Server error.');
}

/**
 * What a fault is logged with: its kind, code and message, and the route it happened on. Never the
 * error object itself: a driver's error carries the statement and its parameters, which can hold a
 * password hash, a token or anything a user typed.
 */
export function faultLogEntry(error: FastifyError, route: string | undefined, method: string) {
  return {
    route: `${method} ${route ?? '(no route)'}`,
    error: { name: error.name, code: error.code, message: error.message, stack: error.stack },
  };
}

/** `{ message, errors? }` of `apiError` in the reader's language, its dates and amounts in that language's forms. */
function errorBodyOf(apiError: ApiError, request: FastifyRequest, translator: MessageTranslator) {
  const reader = readerOf(request);
  const say = (message: string) => translator.translate(message, reader.language, reader.format);
  const message = say(apiError.message);
  return apiError.errors
    ? {
        message,
        errors: Object.fromEntries(
          Object.entries(apiError.errors).map(([field, messages]) => [field, messages.map(say)]),
        ),
      }
    : { message };
}

/**
 * Every failure leaves as `{ message, errors? }` in the caller's language (Accept-Language), its
 * dates and amounts in that language's forms; server faults are logged, never echoed.
 */
export function installErrorHandler(app: FastifyInstance, translator: MessageTranslator): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500)
      request.log.error(faultLogEntry(error, request.routeOptions.url, request.method), 'request failed');
    return reply.status(apiError.status).send(errorBodyOf(apiError, request, translator));
  });
}

/**
 * Fastify's `frameworkErrors`: its refusals before a route is looked up (a path that does not
 * decode, a path segment longer than maxParamLength). Fastify would answer them in a shape of its
 * own, and they pass no hook, so the request id is set here too.
 */
export function answerFrameworkError(
  translator: MessageTranslator,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const apiError =
    error.code === 'FST_ERR_BAD_URL'
      ? new ApiError(400, 'The request URL is not valid.')
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new ApiError(414, 'The request URL is too long.')
        : new ApiError(500, 'Server error.');
  if (apiError.status >= 500) request.log.error(faultLogEntry(error, undefined, request.method), 'request failed');
  void reply
    .header(REQUEST_ID_HEADER, request.id)
    .status(apiError.status)
    .send({ ...errorBodyOf(apiError, request, translator), request_id: request.id });
}
