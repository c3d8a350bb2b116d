// Worker threads do not inherit the TypeScript loader the process was started with (`--import tsx`):
// this starts one for the worker's own entry, named in workerData.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
