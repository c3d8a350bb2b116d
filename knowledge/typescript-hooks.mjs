// Node's module hooks for the project's TypeScript (registered by typescript.mjs): each .ts file is
// compiled by esbuild, type syntax removed and nothing else changed. This is what tsx does, less one
// setting: tsx also asks esbuild to keep function names, which wraps every function the code creates
// in a call that sets its name: a quarter of the answering's CPU (0.67 against 0.51 ms a question,
// the end-to-end benchmark's questions at the answering process's tier). The compiled code needs none
// of it: it is not minified, so every name stands as written.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const OPTIONS = { loader: 'ts', format: 'esm', target: 'node20', sourcemap: 'inline' };

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !/\.m?ts$/.test(new URL(url).pathname)) return nextLoad(url, context);
  const file = fileURLToPath(url);
  const { code } = await transform(await readFile(file, 'utf8'), { ...OPTIONS, sourcefile: file });
  return { format: 'module', source: code, shortCircuit: true };
}
