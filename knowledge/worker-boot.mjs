// Worker threads do not inherit the TypeScript loader the process was started with
// (`--import ./knowledge/typescript.mjs`): this registers it for the worker, then starts the worker's
// own entry, named in workerData.
import { workerData } from 'node:worker_threads';
import './typescript.mjs';

await import(workerData.entry);
