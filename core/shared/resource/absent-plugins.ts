import type { PluginManifest } from '../manifest';
import type { FieldDefinition, ReferenceTarget } from './field';

/*
 * A plugin may point at records of another that it does not need (manifest `optionalDependencies`):
 * the system plugin's proxies name a finance agency as their team. When that plugin is not running,
 * its tables are not there, so every reference into them is left out of the resource definitions
 * (defineResource reads this): lists, forms, the API and the SQL never meet the field, and a column
 * that holds values keeps them for the day the plugin runs. Which plugins run is fixed for the life
 * of a process, so it is declared once at start-up, by the server and by the browser.
 */

let absent: ReadonlySet<string> = new Set();
let generation = 0;

/** The running plugins; the optional dependencies among their manifests that are not running are absent. */
export function declareRunningPlugins(manifests: readonly Pick<PluginManifest, 'id' | 'optionalDependencies'>[]): void {
  const running = new Set(manifests.map((manifest) => manifest.id));
  absent = new Set(
    manifests.flatMap((manifest) => manifest.optionalDependencies ?? []).filter((id) => !running.has(id)),
  );
  generation += 1;
}

/** Changes each time the running plugins are declared, so a definition knows when to look again. */
export function runningPluginsGeneration(): number {
  return generation;
}

/** The plugin whose schema holds the target's table (`finance.agencies` → `finance`; `core` for the kernel's). */
export function targetOwner(target: ReferenceTarget): string {
  return target.table.split('.')[0] ?? '';
}

/** Whether the field points into a plugin declared absent. */
export function pointsIntoAbsentPlugin(field: FieldDefinition): boolean {
  return field.kind === 'reference' && absent.has(targetOwner(field.target));
}
