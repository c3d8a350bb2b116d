/** Reads `.env` into the environment when there is one (Node's own loader); the environment wins. */
import { existsSync } from 'node:fs';

export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
