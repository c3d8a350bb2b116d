// The answering process's first module, with nothing to load before it: the process ends when the Discord side goes
// (a closed channel, also while the releases are still being opened), and a signal to the whole group (Ctrl-C, systemd)
// is the Discord side's to act on while it is there, since it drains first and then closes the channel. Then the
// TypeScript loader, for the process's own module and everything it imports (argv: that module's URL, its settings).
process.on('disconnect', () => process.exit(0));
const alone = () => {
  if (!process.connected) process.exit(0);
};
process.on('SIGINT', alone);
process.on('SIGTERM', alone);
alone();
await import('../../knowledge/typescript.mjs');
await import(process.argv[2]);
