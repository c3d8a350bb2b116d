import { fileURLToPath } from 'node:url';

/** The project's TypeScript loader, as `npm start` passes it to node (`--import`), for tests that start a process of the project's code. */
export const TYPESCRIPT = fileURLToPath(new URL('../../knowledge/typescript.mjs', import.meta.url));
