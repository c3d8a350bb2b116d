/**
 * A command-line tool's output read by another program: piping it into `head` closes stdout early,
 * which is the reader's choice, not an error. The tool stops quietly, exit code 0, rather than
 * dying on an unhandled EPIPE with a stack trace.
 */
export function stopWhenStdoutCloses(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}
