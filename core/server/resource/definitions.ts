import { definitionProblems, type ResourceDefinition } from '@core/shared/resource/definition';
import { columnClashes } from './columns';

/** Thrown at start-up for a definition the engine cannot serve; the message lists every problem. */
export class ResourceDefinitionError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`resource definitions have problems:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ResourceDefinitionError';
  }
}

/**
 * What the shared check cannot see from one definition alone: two resources claiming one id,
 * table or URL, and columns two fields would both occupy.
 */
export function resourceProblems(definitions: readonly ResourceDefinition[]): string[] {
  const problems = definitions.flatMap(definitionProblems);
  const claimed = new Map<string, string>();
  const claim = (key: string, owner: string, what: string) => {
    const earlier = claimed.get(key);
    if (earlier !== undefined) problems.push(`${owner}: ${what} is already used by ${earlier}`);
    else claimed.set(key, owner);
  };
  for (const definition of definitions) {
    claim(`id:${definition.id}`, definition.id, `id "${definition.id}"`);
    claim(`table:${definition.table}`, definition.id, `table "${definition.table}"`);
    claim(
      `path:${definition.service}/${definition.path}`,
      definition.id,
      `path "${definition.service}/${definition.path}"`,
    );
    for (const column of columnClashes(definition))
      problems.push(`${definition.id}: column "${column}" is claimed by two fields`);
  }
  return problems;
}

/** Refuses definitions with problems, so a broken one stops start-up instead of failing per request. */
export function assertResources(definitions: readonly ResourceDefinition[]): void {
  const problems = resourceProblems(definitions);
  if (problems.length > 0) throw new ResourceDefinitionError(problems);
}
