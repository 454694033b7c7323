import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Creates `dir` with its missing parents, parent first. Node's `mkdirSync(dir, { recursive: true })`
 * never returns where a file system answers ENOENT for a new directory whose parent exists (/proc,
 * /sys): it takes the ENOENT for a missing parent, makes the parent, and tries again forever. Here
 * each level is made once, so such a refusal is thrown (an ErrnoException whose `path` is the level
 * that was refused).
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let path = resolve(dir); !exists(path); path = dirname(path)) {
    missing.unshift(path);
    if (dirname(path) === path) break;
  }
  for (const path of missing) {
    try {
      mkdirSync(path);
    } catch (error) {
      // Another process made it meanwhile.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
