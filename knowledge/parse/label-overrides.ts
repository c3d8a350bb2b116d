/**
 * Per-company row labels (as edgartools maps XBRL labels): a company whose statement names a line
 * in its own way gets its mapping here, by company key, before the common labels of concepts.ts.
 * The mappings are data, in knowledge/vocabulary/company-labels.json.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { CONCEPT_IDS, normaliseLabel, type Concept } from '../concepts.ts';

export const CompanyLabelsSchema = z.object({
  $comment: z.string(),
  companies: z.record(z.string().regex(/^[A-Z0-9 .]+$/), z.record(z.string().min(1), z.enum(CONCEPT_IDS))),
});

export const COMPANY_LABELS = CompanyLabelsSchema.parse(
  JSON.parse(readFileSync(new URL('../vocabulary/company-labels.json', import.meta.url), 'utf8')),
);

const BY_COMPANY = new Map(
  Object.entries(COMPANY_LABELS.companies).map(([key, labels]) => [key, new Map(Object.entries(labels).map(([label, concept]) => [normaliseLabel(label), concept]))]),
);

export function labelOverrides(company: string): ReadonlyMap<string, Concept> | undefined {
  return BY_COMPANY.get(company);
}
