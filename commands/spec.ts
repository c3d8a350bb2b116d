/**
 * A command: its name, description, options and handler, in one place. The Discord builders, the
 * option schemas (zod), autocomplete and the slash-text parser of the console all read this spec,
 * so a name, a description or a limit is written once.
 */
import { z } from 'zod';
import type { Snapshot } from '../knowledge/snapshot.ts';
import { bookFor, companiesIn, parseCompanyOption } from './understand/companies.ts';
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

/** A reading about the company `key`. */
function aboutCompany(reading: Reading, key: string | undefined): Reading {
  if (!key || reading.kind === 'invalid') return reading;
  if (reading.kind === 'question') return { ...reading, question: { ...reading.question, company: key } };
  return { ...reading, alternatives: reading.alternatives.map((a) => ({ ...a, question: { ...a.question, company: key } })) };
}

/**
 * The company a command is about: its `company` option, read strictly like every other, or one a metric or text option
 * names ("/metric oracle revenue", "/quote apple ipod"); two that differ are asked about, never one of them answered.
 */
function companyOf(values: Record<string, string | undefined>, options: Record<string, OptionSpec>, snapshot: Snapshot): { ok: true; key?: string; values: Record<string, string | undefined> } | { ok: false; reading: Reading } {
  const option = values.company;
  const named = option ? parseCompanyOption(option, snapshot) : undefined;
  if (named && !named.ok) return { ok: false, reading: invalid('company', named) };
  // A text option led by a company's name is about it, its words searched without the name ("/quote buckle denim"
  // searches "denim"); beside a company option the name is a word of the search ("cat financial company:caterpillar").
  const read = { ...values };
  const inOptions = Object.entries(options).flatMap(([name, spec]) => {
    const text = values[name];
    if ((spec.kind !== 'metric' && spec.kind !== 'text') || !text) return [];
    const found = companiesIn(text, snapshot);
    if (spec.kind === 'text' && !option && found.keys.length > 0 && found.rest) read[name] = found.rest;
    return found.keys.map((key) => ({ name, key }));
  });
  const key = named?.value ?? inOptions[0]?.key;
  const other = inOptions.find((m) => m.key !== key);
  if (other) {
    const label = (k: string) => snapshot.book(k)?.company.name ?? k;
    const said = named ? `the company option names ${label(named.value)}` : `it also names ${label(key ?? '')}`;
    return { ok: false, reading: { kind: 'invalid', message: `${other.name}: "${values[other.name]}" names ${label(other.key)}, and ${said}. Ask about one company at a time.`, valid: snapshot.companies.map((c) => c.name) } };
  }
  return { ok: true, values: read, ...(key ? { key } : {}) };
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
  /** `company`: the key of the company the command is about, when one is named (its words for its lines are its own). */
  read: (values: OptionValues<O>, snapshot: Snapshot, company?: string) => Reading;
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
    read: def.scoped
      ? (values, snapshot) => {
        const company = companyOf(values as Record<string, string | undefined>, options, snapshot);
        // The only company loaded speaks its own words unnamed ("/metric restructuring" is Infocrossing's leased facilities and office closings).
        const words = company.ok ? bookFor(snapshot, company.key)?.company.key : undefined;
        return company.ok ? aboutCompany(def.read(company.values as OptionValues<O>, snapshot, words), company.key) : company.reading;
      }
      : (values, snapshot) => def.read(values, snapshot),
    admin: def.admin ?? false,
    slow: def.slow ?? false,
    schema: z.object(shape).strict() as unknown as z.ZodType<OptionValues<O>>,
  };
}
