// `npm run create-plugin -- <id> --dir <folder> [--sdk <core-sdk.tgz>]`: writes a working external plugin
// into <folder>, made from the example plugin (examples/notes-plugin) with its names replaced: a resource
// screen, a custom page, a server route, a permission code, en/ru strings, a server test, a page test,
// and `npm run build` / `npm test`. The example is the one template, so what CI builds and loads is
// exactly what a new team starts from. The SDK is packed into <folder>/core-sdk.tgz (or where --sdk
// says) and package.json names it by a relative path: nothing is written into the host's folders.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const template = join(root, 'examples/notes-plugin');
// Every folder under plugins/ is a built-in plugin, named by its id.
const BUILT_IN = readdirSync(join(root, 'plugins'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SKIPPED = new Set(['node_modules', 'dist', 'package-lock.json']);

function fail(message) {
  console.error(`create-plugin: ${message}`);
  console.error(
    'usage: npm run create-plugin -- <id> --dir <folder> [--sdk <folder or path of core-sdk.tgz; <folder>/core-sdk.tgz when absent>]',
  );
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { dir: { type: 'string' }, sdk: { type: 'string' } },
});
const [id] = positionals;
// One word: the id is also the database schema, the i18n namespace and part of identifiers.
if (!id || !/^[a-z][a-z0-9]{1,31}$/.test(id))
  fail('the id is 2–32 lower-case letters and digits, starting with a letter (e.g. tickets)');
if (BUILT_IN.includes(id)) fail(`"${id}" is a built-in plugin's id: choose another`);
if (!values.dir) fail('--dir <folder> is required');
const target = resolve(values.dir);
if (existsSync(target) && readdirSync(target).length > 0) fail(`${target} exists and is not empty`);

const capitalized = (word) => word[0].toUpperCase() + word.slice(1);
const title = capitalized(id);
const code = id.toUpperCase();
/** What one record is called where the example says "note": tickets → ticket, categories → category, boxes → box. */
function singular(plural) {
  if (/ies$/.test(plural)) return `${plural.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(plural)) return plural.slice(0, -2);
  return /[^su]s$/.test(plural) ? plural.slice(0, -1) : plural;
}
const single = singular(id);
// --sdk names the tarball (….tgz) or the folder it goes into.
const sdk = values.sdk?.endsWith('.tgz')
  ? resolve(values.sdk)
  : join(values.sdk ? resolve(values.sdk) : target, 'core-sdk.tgz');
// The host's build output is rebuilt and compared as a whole: a plugin's SDK has no place in it.
if (!relative(join(root, 'dist'), sdk).startsWith('..'))
  fail(`--sdk ${sdk} is inside the host's dist/: give a path in or beside the plugin`);

/**
 * The example's names in every form it writes them, plural before singular and upper case first, so
 * `NOTES` is not read as `notes` nor `notes` as `note`s. The Russian forms take the English title:
 * the new plugin's Russian strings name it as the author's id does until they are translated.
 */
const RENAMES = [
  [/[Зз]аметка(?![а-яё])/g, capitalized(single)],
  [/[Зз]аметк[а-яё]*|[Зз]аметок/g, title],
  [/NOTES/g, code],
  [/Notes/g, title],
  [/notes/g, id],
  [/NOTE/g, single.toUpperCase()],
  [/Note/g, capitalized(single)],
  [/note/g, single],
];
const rename = (text) => RENAMES.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);

function copy(from, to) {
  for (const name of readdirSync(from)) {
    if (SKIPPED.has(name)) continue;
    const source = join(from, name);
    const destination = join(to, rename(name));
    if (statSync(source).isDirectory()) {
      mkdirSync(destination, { recursive: true });
      copy(source, destination);
    } else {
      writeFileSync(destination, rename(readFileSync(source, 'utf8')));
    }
  }
}

mkdirSync(target, { recursive: true });
copy(template, target);
execFileSync('node', [join(root, 'scripts/sdk-pack.mjs'), '--to', sdk], { cwd: root, stdio: 'inherit' });
const packageFile = join(target, 'package.json');
const manifest = JSON.parse(readFileSync(packageFile, 'utf8'));
manifest.name = `erp-plugin-${id}`;
manifest.version = '0.1.0';
manifest.description = `${title}: an external plugin of the agency back office`;
const sdkPath = relative(target, sdk);
manifest.devDependencies['@core/sdk'] = `file:${sdkPath.startsWith('.') ? sdkPath : `./${sdkPath}`}`;
writeFileSync(packageFile, `${JSON.stringify(manifest, null, 2)}\n`);
const pluginManifest = join(target, 'manifest.ts');
writeFileSync(pluginManifest, readFileSync(pluginManifest, 'utf8').replace("version: '1.0.0'", "version: '0.1.0'"));

console.log(`Plugin "${id}" written to ${target} (code ${code}, service /api/${id}/).
Next:
  cd ${relative(process.cwd(), target) || '.'}
  npm install
  npm test          # type check and tests
  npm run build     # dist/: plugin.json, web/ (the remote), server/index.js
Then add { "path": "${join(target, 'dist')}" } to externalPlugins in the host's configuration, "${id}" to its plugins, and restart it.`);
