/**
 * The worker thread that reads and parses release files (or bytes uploaded, not yet a file), one job
 * at a time, so that a file that takes long to parse never holds up answering: the main thread waits
 * for it, with a deadline.
 */
import { parentPort } from 'node:worker_threads';
import type { SizeLimit } from './read-file.ts';
import type { WorkerMessage } from './off-thread.ts';
import { readRelease, releaseFromBytes } from './read-release.ts';

/** A file of the folder to read, or bytes to parse as the release `name` (an upload). */
export type ReadJob = { folder: string; name: string; limit: SizeLimit } | { name: string; bytes: Uint8Array };

async function run(job: ReadJob): Promise<WorkerMessage> {
  if ('bytes' in job) {
    const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    try {
      return { parsed: releaseFromBytes(job.name, bytes), bytes: bytes.length };
    } catch (error) {
      return { parsed: { ok: false, release: job.name, reason: `could not be read: ${(error as Error).message}` }, bytes: bytes.length };
    }
  }
  return readRelease(job.folder, job.name, job.limit);
}

parentPort?.on('message', (job: ReadJob) => {
  void run(job).then((read) => parentPort?.postMessage(read));
});

const ready: WorkerMessage = { ready: true };
parentPort?.postMessage(ready);
