// Builds the example external plugin (examples/notes-plugin) the way its own team would: the SDK packed
// from this repository, the plugin's own npm install, its own `npm run build`. Nothing of the host is
// rebuilt. `--test` also runs the plugin's own type check and tests.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const example = resolve(root, 'examples/notes-plugin');
const npm = (args, cwd) => execFileSync('npm', args, { cwd, stdio: 'inherit' });

npm(['run', '--silent', 'sdk:pack'], root);
// npm takes a tarball of the same name for the one it installed: drop it, so the SDK just packed goes in.
rmSync(resolve(example, 'node_modules/@core/sdk'), { recursive: true, force: true });
npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock'], example);
if (process.argv.includes('--test')) npm(['test'], example);
npm(['run', 'build'], example);
