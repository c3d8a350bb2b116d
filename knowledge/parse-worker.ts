/**
 * The worker thread that reads and parses release files, one job at a time, so that a file that
 * takes long to parse never holds up answering: the main thread waits for it, with a deadline.
 */
import { parentPort } from 'node:worker_threads';
import type { SizeLimit } from './read-file.ts';
import type { WorkerMessage } from './off-thread.ts';
import { readRelease } from './read-release.ts';

export interface ReadJob {
  folder: string;
  name: string;
  limit: SizeLimit;
}

parentPort?.on('message', (job: ReadJob) => {
  void readRelease(job.folder, job.name, job.limit).then((read: WorkerMessage) => parentPort?.postMessage(read));
});

const ready: WorkerMessage = { ready: true };
parentPort?.postMessage(ready);
