import { addFieldError } from '@core/shared/field-errors';
import { fieldNamed, type ResourceDefinition } from '@core/shared/resource/definition';
import { decodeListQuery, type ListQuery } from '@core/shared/resource/list-query';
import { issueMessage } from '@core/shared/resource/messages';
import { filterValueIssue } from '@core/shared/resource/validation';
import type { Language } from '@core/shared/runtime-config';
import { validationError, type FieldErrors } from '../http/api-error';
import type { SqlParams } from '../database/sql';
import type { ListScope } from './hooks';

/** A checked list query, with the plugin's list scope (if any) already chosen. */
export interface ResourceListQuery extends ListQuery {
  /** The scope's condition over the table aliased `alias` (its values bound in `params`), or null for none. */
  readonly scope?: (alias: string, params: SqlParams) => string | null;
  /** The reader's language, which the records' reference labels are in (English when not given). */
  readonly language?: Language;
}

/**
 * The list parameters of a request (query string, or the `query` of a bulk delete) as a checked
 * query, decoded exactly as the browser encodes its URL state. Anything not understood is a 422
 * naming the parameter, never a guess.
 */
export function readListQuery(
  definition: ResourceDefinition,
  raw: unknown,
  language: Language,
  listScope?: ListScope,
): ResourceListQuery {
  const errors: FieldErrors = {};
  const params: Record<string, string> = {};
  const source = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'string') params[key] = value;
    else
      addFieldError(
        errors,
        key,
        Array.isArray(value) ? 'This parameter may be given once.' : 'This parameter must be text.',
      );
  }
  let scopeValue: string | null = null;
  if (listScope) {
    scopeValue = params[listScope.param] ?? listScope.default;
    delete params[listScope.param];
    if (!listScope.values.includes(scopeValue))
      addFieldError(errors, listScope.param, `Choose one of: ${listScope.values.join(', ')}.`);
  }
  const decoded = decodeListQuery(definition, params);
  Object.assign(errors, decoded.errors);
  for (const clause of decoded.query.filters) {
    const field = fieldNamed(definition, clause.field);
    if (!field) continue;
    const key = `filter[${clause.field}][${clause.op}]`;
    // A NUL never gets this far: the server's text rule (http/text-input.ts) refuses it in any query or body.
    const bad = (typeof clause.value === 'string' ? [clause.value] : clause.value)
      .map((value) => filterValueIssue(field, clause.op, value))
      .find(Boolean);
    if (bad) addFieldError(errors, key, issueMessage(bad, language));
  }
  if (Object.keys(errors).length > 0) throw validationError(errors, 'The list parameters are invalid.');
  if (!listScope || scopeValue === null) return { ...decoded.query, language };
  const value = scopeValue;
  return { ...decoded.query, language, scope: (alias) => listScope.condition(value, alias) };
}
