import { fieldNamed, type ResourceDefinition } from '@core/shared/resource/definition';
import { TEXT_KINDS, type FieldDefinition } from '@core/shared/resource/field';

/**
 * The fields record search (Ctrl+K) matches: the label when it is text, then every searchable
 * field. The engine indexes each of them for it (indexes.ts), so a search is an index lookup.
 */
export function searchedFields(definition: ResourceDefinition): FieldDefinition[] {
  const label = fieldNamed(definition, definition.labelField);
  const fields = label && TEXT_KINDS.has(label.kind) ? [label] : [];
  for (const field of definition.fields)
    if (field.searchable && TEXT_KINDS.has(field.kind) && field !== label) fields.push(field);
  return fields;
}
