// `npm run sdk:docs`: writes the SDK's API reference, docs/api/<entry>.md, from the declarations of its
// entry points (emitted into a scratch folder) and core/sdk/exports.json. A unit test fails while the
// committed pages differ from what this writes.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createJiti } from 'jiti';

const root = resolve(import.meta.dirname, '..');
const { emitDeclarations, referencePages } = await createJiti(import.meta.url).import(
  join(root, 'scripts/sdk-docs/api-reference.ts'),
);
const out = join(root, 'docs/api');
const types = mkdtempSync(join(tmpdir(), 'erp-sdk-types-'));
try {
  emitDeclarations(root, types);
  const report = JSON.parse(readFileSync(join(root, 'core/sdk/exports.json'), 'utf8'));
  const pages = referencePages(types, join(root, 'core'), report);
  mkdirSync(out, { recursive: true });
  for (const file of readdirSync(out)) if (!pages.has(file)) rmSync(join(out, file));
  for (const [file, text] of pages) writeFileSync(join(out, file), text);
  console.log(`docs/api: ${pages.size} pages`);
} finally {
  rmSync(types, { recursive: true, force: true });
}
