// `question` (seed 004) expressed in the two other shapes the server can ask in: an elicitation schema
// (one property per question, plus one for its free-text answer) and a form of the vocabulary (radio,
// multiselect, an extra text field), and the way back from either answer to seed 004's `answers`.
import type { FormField, FormSchema, Locale, ResolvedQuestion } from '@formrequest/schema';
import { customChoiceLabel, formatAnswers, formLocale } from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';
import type { ElicitationSchema } from './elicitation-schema.js';

/**
 * The language of a `question` call, chosen from its words the way a form's is (schema's formLocale:
 * kana or kanji -> ja, Latin words -> en): an English question gets English notes, labels and answers.
 * Read from the raw input so the input's own errors come in that language too. Japanese when unclear.
 */
export function questionLocale(input: unknown): Locale {
  const raw = (input as { questions?: unknown } | null)?.questions;
  const list: unknown[] = Array.isArray(raw) ? raw : [];
  const fields = list.map((q) => {
    const given = (q && typeof q === 'object' ? q : {}) as Record<string, unknown>;
    const options = Array.isArray(given.options) ? given.options : [];
    return {
      label: given.question,
      description: given.header,
      // AskUserQuestion's plain-string options count as labels too.
      options: options.map((o) => (typeof o === 'string' ? { label: o } : o)),
    };
  });
  return formLocale({ fields }) ?? 'ja';
}

/** The field / property names of question i (0-based): `q1`, and `q1_other` for its free text. */
export function questionKeys(index: number): { choice: string; other: string } {
  return { choice: `q${index + 1}`, other: `q${index + 1}_other` };
}

function optionTitle(option: { label: string; description?: string }): string {
  return option.description ? `${option.label} — ${option.description}` : option.label;
}

export function questionsToElicitation(
  questions: ResolvedQuestion[],
  locale: Locale = questionLocale({ questions }),
): ElicitationSchema {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  questions.forEach((q, i) => {
    const { choice, other } = questionKeys(i);
    const title = q.header || `Q${i + 1}`;
    if (q.options.length === 0) {
      properties[choice] = { type: 'string', title, description: q.question, minLength: 1 };
      required.push(choice);
      return;
    }
    const choices = q.options.map((o) => ({ const: o.label, title: optionTitle(o) }));
    properties[choice] = q.multiple
      ? {
          type: 'array',
          title,
          description: q.question,
          items: { anyOf: choices },
          ...(q.custom ? {} : { minItems: 1 }),
        }
      : { type: 'string', title, description: q.question, oneOf: choices };
    if (!q.custom) required.push(choice);
    else
      properties[other] = {
        type: 'string',
        title: `${title}: ${customChoiceLabel(locale)}`,
        description: q.question,
      };
  });
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) } as ElicitationSchema;
}

export function questionsToForm(
  questions: ResolvedQuestion[],
  locale: Locale = questionLocale({ questions }),
): FormSchema {
  const single = questions.length === 1;
  const fields: FormField[] = [];
  questions.forEach((q, i) => {
    const { choice, other } = questionKeys(i);
    if (!single) fields.push({ type: 'heading', text: q.header || `Q${i + 1}`, level: 3 });
    if (q.options.length === 0) {
      fields.push({ name: choice, type: 'textarea', label: q.question, rows: 2, required: true });
      return;
    }
    const options = q.options.map((o) => ({ value: o.label, label: optionTitle(o) }));
    fields.push(
      q.multiple
        ? {
            name: choice,
            type: 'multiselect',
            label: q.question,
            options,
            ...(q.custom ? {} : { minSelect: 1 }),
          }
        : {
            name: choice,
            type: 'radio',
            label: q.question,
            options,
            ...(q.custom ? {} : { required: true }),
          },
    );
    if (q.custom) fields.push({ name: other, type: 'text', label: customChoiceLabel(locale) });
  });
  const title = agentText(locale, 'questionTitle');
  // An English form says so, so the page and every renderer show it in the question's words.
  return {
    title: single ? questions[0]!.header || title : title,
    fields,
    ...(locale === 'en' ? { locale } : {}),
  };
}

/**
 * Seed 004's `answers` (one list per question) from elicitation content or submitted form values. A
 * single-choice question has one answer at most: its own text when the person typed one (「その他」),
 * else the option picked. Surfaces that can ask again refuse both at once first (questionAnswerProblems).
 */
export function answersFromValues(
  questions: ResolvedQuestion[],
  values: Record<string, unknown>,
): string[][] {
  return questions.map((question, i) => {
    const { choice, other } = questionKeys(i);
    const picked = values[choice];
    const answers = (Array.isArray(picked) ? picked : picked === undefined || picked === null ? [] : [picked])
      .map((v) => String(v).trim())
      .filter((v) => v !== '');
    const extra = typeof values[other] === 'string' ? (values[other] as string).trim() : '';
    if (!question.multiple) return extra !== '' ? [extra] : answers.slice(0, 1);
    if (extra !== '') answers.push(extra);
    return answers;
  });
}

/**
 * Answers a surface must refuse, keyed by the field to show the message on: a single-choice question
 * answered both with an option and with typed text (it takes one answer).
 */
export function questionAnswerProblems(
  questions: ResolvedQuestion[],
  values: Record<string, unknown>,
  locale: 'ja' | 'en' = 'ja',
): Record<string, string> {
  const problems: Record<string, string> = {};
  questions.forEach((question, i) => {
    if (question.multiple || !question.custom || question.options.length === 0) return;
    const { choice, other } = questionKeys(i);
    const picked = values[choice];
    const typed = typeof values[other] === 'string' ? (values[other] as string).trim() : '';
    if (picked === undefined || picked === null || picked === '' || typed === '') return;
    problems[other] = agentText(locale, 'oneAnswer', { question: question.question });
  });
  return problems;
}

/**
 * The answer to a `question` asked as a form, in seed 004's words (`ユーザーの回答: "Q"="A"`): what a host
 * or the Apps widget sends instead of the values JSON when the form came from `question`
 * (its result's `structuredContent.question.questions`).
 */
export function questionAnswerText(
  questions: ResolvedQuestion[],
  values: Record<string, unknown>,
  locale: Locale = questionLocale({ questions }),
): string {
  return formatAnswers(questions, answersFromValues(questions, values), locale);
}
