/**
 * How far V8 optimises the answering process's code, once its knowledge is built.
 *
 * Answering walks a broad path: the reader's many rules and the handlers, each question taking a
 * different few, with values of many shapes. V8's optimising compiler (TurboFan) keeps compiling
 * that code, and compiling it again as each new shape undoes what it assumed: measured on the
 * end-to-end benchmark's questions, a third of the answering's CPU went to compiling on V8's
 * background threads, for code little faster than the baseline compiler's (Sparkplug) once warm.
 * So the answering process stops at the baseline tier, after the knowledge is built: building
 * gains from TurboFan (3,000 generated releases opened cold in 8.8-10.4 s with it, 11.2-12.3 s
 * without), so the flag is set then, not when the process starts. V8's settings are the whole
 * process's: it is why answering runs in a process of its own (bot/answers/child.ts), leaving
 * discord.js fully optimised. Node keeps V8's flags settable after start-up (it builds V8 with
 * --no-freeze-flags-after-init for v8.setFlagsFromString), and `--max-opt` takes a number, which
 * V8 reads as it decides each function's next tier.
 */
import { setFlagsFromString } from 'node:v8';

/** Code not yet optimised stays at the baseline tier from now on; code already optimised keeps its tier. */
export function answeringTiers(): void {
  setFlagsFromString('--max-opt=1');
}
