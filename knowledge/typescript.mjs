// Runs the project's TypeScript in this thread: `node --import ./knowledge/typescript.mjs bot/main.ts`,
// or imported first by a process or worker that starts its own entry (its compiler is
// typescript-hooks.mjs). It lives here, in the lowest layer, because knowledge's own parse workers
// need it too. Stack traces name the .ts files and lines.
import { register } from 'node:module';

process.setSourceMapsEnabled(true);
register('./typescript-hooks.mjs', import.meta.url);
