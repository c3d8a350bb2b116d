/**
 * An answer as the message Discord is sent, in its wire format (plain data, no discord.js): the
 * embed, the buttons, and the chart as an attached PNG. Plain data crosses to the Discord side
 * as it is when answers are computed in a process of their own (bot/answers/child.ts).
 */
import type { APIActionRowComponent, APIButtonComponent, APIEmbed, APIStringSelectComponent } from 'discord-api-types/v10';
import type { Answer } from '../../commands/answer.ts';
import type { Question } from '../../commands/understand/question.ts';
import type { Logger } from '../logger.ts';
import { renderChartPng } from './chart-png.ts';
import { CHART_FILE, renderComponents, renderEmbed } from './embed.ts';

export interface MessageData {
  /** Text without an embed (a private notice, the printed lines of "Source"). */
  content?: string;
  embeds: APIEmbed[];
  components: Array<APIActionRowComponent<APIButtonComponent | APIStringSelectComponent>>;
  /** The chart, uploaded with the message and shown as the embed's image. */
  files?: Array<{ name: string; data: Uint8Array }>;
}

/** Answers are shared per snapshot (the memo), and so are their charts and renderings. */
const charts = new WeakMap<Answer, Promise<Uint8Array | undefined>>();
const rendered = new WeakMap<Answer, Map<string, Promise<MessageData>>>();

/** The chart's PNG; a chart that cannot be drawn is logged and the answer goes without it. */
function chartPng(answer: Answer, logger?: Logger): Promise<Uint8Array | undefined> {
  const spec = answer.chart;
  if (!spec) return Promise.resolve(undefined);
  let png = charts.get(answer);
  if (!png) {
    png = renderChartPng(spec).catch((error: unknown) => {
      logger?.error({ err: error, chart: spec.title }, 'chart not drawn: answered without it');
      return undefined;
    });
    charts.set(answer, png);
  }
  return png;
}

async function render(answer: Answer, question: Question | undefined, logger?: Logger): Promise<MessageData> {
  const png = await chartPng(answer, logger);
  return {
    embeds: [renderEmbed(answer, png ? { image: CHART_FILE } : {})],
    components: renderComponents(answer, question),
    ...(png ? { files: [{ name: CHART_FILE, data: png }] } : {}),
  };
}

/** An answer as a message, rendered once per answer and question (the buttons carry the question). */
export function renderMessage(answer: Answer, question?: Question, logger?: Logger): Promise<MessageData> {
  const key = question ? JSON.stringify(question) : '';
  const byCall = rendered.get(answer) ?? new Map<string, Promise<MessageData>>();
  const hit = byCall.get(key);
  if (hit) return hit;
  const message = render(answer, question, logger);
  byCall.set(key, message);
  rendered.set(answer, byCall);
  return message;
}

/** Bytes that crossed from the other process arrive as a plain Uint8Array: the same bytes as a Buffer, not copied. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A message of text alone. */
export const textMessage = (content: string): MessageData => ({ content, embeds: [], components: [] });
