/** `/help`: what the bot answers, with examples. */
import { answer, type Answer } from './answer.ts';
import type { Command } from './spec.ts';

export const FREE_TEXT_EXAMPLES = [
  'how much cash did they have at the end of June 2003?',
  'how did Q1 2003 revenue compare to Q1 2002?',
  'EBITDA margin Q4 2003',
  'who handles investor relations?',
  'what did Lonstein say about the fourth quarter?',
  'how did Q4 go?',
  'chart revenue vs EBITDA by quarter',
  'revenue and EBITDA for Q4 2003 — then: "and Q3?"',
];

export function helpAnswer(commands: readonly Command[], lead = 'I answer questions about the company\'s earnings releases, exactly and with the source.'): Answer {
  return answer('help', 'What I can answer', `${lead} Ask with a command or in plain words.`, {
    fields: [
      ...commands.filter((c) => !c.admin).map((c) => ({ name: `/${c.name}`, value: `${c.description}. e.g. ${c.examples.slice(0, 2).join(' · ')}` })),
      { name: 'Plain questions', value: FREE_TEXT_EXAMPLES.map((e) => `"${e}"`).join('\n') },
    ],
  });
}
