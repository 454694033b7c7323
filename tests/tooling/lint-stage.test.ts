import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// `npm run lint` on a tree of two files: the tools run with this repository's settings (the fixture's
// biome.json extends biome.jsonc), so a rule or the format switched off by mistake shows here. Each run
// takes about a second.
const root = resolve(import.meta.dirname, '../..');
const biome = join(root, 'node_modules/.bin/biome');
const knip = join(root, 'node_modules/.bin/knip');
const runFile = promisify(execFile);

async function run(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<{ failed: boolean; output: string }> {
  try {
    const { stdout, stderr } = await runFile(command, args, { cwd });
    return { failed: false, output: `${stdout}${stderr}` };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${stdout}${stderr}` };
  }
}

const USED = 'export const used = (): number => 1;\n';
const FORGOTTEN = 'export const forgotten = (): number => 2;\n';
const FORMATTED = "import { used } from './util';\n\nexport const value = { a: 1, b: used() };\n";

let tree: string;
const write = (file: string, text: string) => writeFile(join(tree, file), text);

beforeEach(async () => {
  tree = await mkdtemp(join(tmpdir(), 'lint-stage-'));
  await write('biome.json', JSON.stringify({ extends: [join(root, 'biome.jsonc')], vcs: { enabled: false } }));
  await write('package.json', JSON.stringify({ name: 'lint-fixture', private: true, type: 'module' }));
  await write('knip.json', JSON.stringify({ entry: ['index.ts'], project: ['**/*.ts'] }));
  await write('index.ts', FORMATTED);
  await write('util.ts', USED);
});

afterEach(() => rm(tree, { recursive: true, force: true }));

describe('the lint stage', () => {
  it('is the first stage of npm test, running biome ci then knip', async () => {
    const scripts = (
      JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.lint).toBe('biome ci --error-on-warnings . && knip --no-progress');
    const runner = await readFile(join(root, 'scripts/run-tests.mjs'), 'utf8');
    expect(runner).toMatch(
      /const STAGES = \[\n(?:\s*\/\/.*\n)*\s*\['lint', 'lint'\],\n\s*\['typecheck', 'typecheck'\]/,
    );
  }, 10_000);

  it('fails on a badly formatted line and on an explicit any, naming the file and the rule', async () => {
    await write('index.ts', "import { used } from './util';\n\nexport const  value = {a:1, b: used() as any};\n");
    const { failed, output } = await run(
      biome,
      ['ci', '--error-on-warnings', '--colors=off', 'index.ts', 'util.ts'],
      tree,
    );
    expect(failed).toBe(true);
    expect(output).toMatch(/index\.ts format/);
    expect(output).toContain('lint/suspicious/noExplicitAny');

    await write('index.ts', FORMATTED);
    expect(await run(biome, ['ci', '--error-on-warnings', '--colors=off', 'index.ts', 'util.ts'], tree)).toMatchObject({
      failed: false,
    });
  }, 30_000);

  it('fails on an export nothing imports, naming it, and passes once it is gone', async () => {
    await write('util.ts', USED + FORGOTTEN);
    const { failed, output } = await run(knip, ['--no-progress'], tree);
    expect(failed).toBe(true);
    expect(output).toMatch(/Unused exports \(1\)\s+forgotten\s+util\.ts:2:14/);

    await write('util.ts', USED);
    expect(await run(knip, ['--no-progress'], tree)).toEqual({ failed: false, output: '' });
  }, 30_000);
});
