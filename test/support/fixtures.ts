/** The golden fixtures copied into the project. */
import { fileURLToPath } from 'node:url';

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));
export const GOLDEN_FILE = `${FIXTURES_DIR}questions.jsonl`;
