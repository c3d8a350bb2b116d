/**
 * What the process's exit code tells a supervisor: 0 it was asked to stop and did; 1 it failed in a
 * way a restart may mend (no network, a crash); 78 (EX_CONFIG) something only its operator can fix
 * (the token, the intents, the environment, the releases folder), so restarting it into the same
 * fault only loops.
 */
export const EXIT = { stopped: 0, failed: 1, config: 78 } as const;
