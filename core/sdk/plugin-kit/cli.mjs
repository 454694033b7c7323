#!/usr/bin/env node
// The plugin author's command (`erp-plugin build | dev | test | typecheck`). The tooling is TypeScript
// shipped as source like the rest of the SDK, so this launcher only hands it to jiti.
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const { main } = await jiti.import(new URL('./main.ts', import.meta.url).href);
process.exitCode = await main(process.argv.slice(2), process.cwd());
