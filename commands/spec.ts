/**
 * A command: its name, description, options and handler, in one place. The Discord builders, the
 * option schemas (zod), autocomplete and the slash-text parser of the console all read this spec,
 * so a name, a description or a limit is written once.
 */
import { z } from 'zod';
import type { Snapshot } from '../knowledge/snapshot.ts';
import { parseCompanyOption } from './understand/companies.ts';
import { invalid } from './understand/options.ts';
import type { Reading } from './understand/question.ts';

/** What an option holds: it decides autocomplete and how text typed for it is read; `attachment`: a file (its id). */
export type OptionKind = 'metric' | 'period' | 'company' | 'text' | 'attachment';

export interface OptionSpec {
  description: string;
  kind: OptionKind;
  required: boolean;
  maxLength: number;
}

export type OptionValues<O extends Record<string, OptionSpec>> = {
  [K in keyof O]: O[K]['required'] extends true ? string : string | undefined;
};

export interface Command<O extends Record<string, OptionSpec> = Record<string, OptionSpec>> {
  name: string;
  description: string;
  options: O;
  admin: boolean;
  /** Answers can take long (reload): transports should acknowledge first. */
  slow: boolean;
  examples: readonly string[];
  schema: z.ZodType<OptionValues<O>>;
  /** The options, checked by the schema, as a typed question (or why they are not one). */
  read(values: OptionValues<O>, snapshot: Snapshot): Reading;
}

/** Discord caps option values at 6,000 characters; questions here are short. */
export const option = <R extends boolean>(kind: OptionKind, description: string, required: R, maxLength = 100): OptionSpec & { required: R } => ({
  kind,
  description,
  required,
  maxLength,
});

/** The option every command about a company's releases takes. */
const COMPANY = option('company', 'The company, by name or ticker (needed when several are loaded)', false);

/** A reading about the company the option names: the option read strictly, like every other. */
function aboutCompany(reading: Reading, company: string | undefined, snapshot: Snapshot): Reading {
  if (!company || reading.kind === 'invalid') return reading;
  const named = parseCompanyOption(company, snapshot);
  if (!named.ok) return invalid('company', named);
  if (reading.kind === 'question') return { ...reading, question: { ...reading.question, company: named.value } };
  return { ...reading, alternatives: reading.alternatives.map((a) => ({ ...a, question: { ...a.question, company: named.value } })) };
}

export function defineCommand<O extends Record<string, OptionSpec>>(def: {
  name: string;
  description: string;
  options: O;
  admin?: boolean;
  slow?: boolean;
  /** About one company's releases: takes the `company` option. */
  scoped?: boolean;
  examples: readonly string[];
  read: (values: OptionValues<O>, snapshot: Snapshot) => Reading;
}): Command<O> {
  const options: Record<string, OptionSpec> = def.scoped ? { ...def.options, company: COMPANY } : def.options;
  const shape = Object.fromEntries(
    Object.entries(options).map(([name, spec]) => {
      const text = z.string({ error: `${name} is required` }).trim().max(spec.maxLength, `${name} is longer than ${spec.maxLength} characters`);
      return [name, spec.required ? text.min(1, `${name} is required`) : text.optional().transform((v) => (v ? v : undefined))];
    }),
  );
  return {
    ...def,
    options: options as O,
    read: def.scoped ? (values, snapshot) => aboutCompany(def.read(values, snapshot), (values as Record<string, string | undefined>).company, snapshot) : def.read,
    admin: def.admin ?? false,
    slow: def.slow ?? false,
    schema: z.object(shape).strict() as unknown as z.ZodType<OptionValues<O>>,
  };
}
