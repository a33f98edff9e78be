// `question` (seed 004) expressed in the two other shapes the server can ask in: an elicitation schema
// (one property per question, plus one for its free-text answer) and a form of the vocabulary (radio,
// multiselect, an extra text field), and the way back from either answer to seed 004's `answers`.
// The Apps widget bundles this module for questionAnswerProblems and questionAnswerText: it imports the
// narrow entries (./question, ./messages), not the root's checker, and a question's own words
// (questionText), not every word a model reads, so the widget carries only those.
import type { FormField, FormSchema, Locale } from '@formrequest/schema';
import { agentText, formLocale, questionText } from '@formrequest/schema/messages';
import { customChoiceLabel, formatAnswers, type ResolvedQuestion } from '@formrequest/schema/question';
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

/**
 * The client's dialog for the questions: one row per question, every one required (seed 004 asks each
 * question for an answer, so an empty dialog cannot be accepted). A row is titled by the question's
 * header; the question's own text is said once: as the dialog's message when there is one question
 * (questionsMessage), else as the row's description. A question with custom (「その他」) has that word
 * as one more choice; picking it asks for the text in a second dialog (otherToElicitation), since a
 * dialog row is either a choice or a text box, never both.
 */
export function questionsToElicitation(
  questions: ResolvedQuestion[],
  locale: Locale = questionLocale({ questions }),
): ElicitationSchema {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const several = questions.length > 1;
  questions.forEach((q, i) => {
    const { choice } = questionKeys(i);
    const row = { title: q.header || `Q${i + 1}`, ...(several ? { description: q.question } : {}) };
    required.push(choice);
    if (q.options.length === 0) {
      properties[choice] = { type: 'string', ...row, minLength: 1 };
      return;
    }
    const choices = q.options.map((o) => ({ const: o.label, title: optionTitle(o) }));
    if (q.custom) choices.push({ const: customChoiceLabel(locale), title: customChoiceLabel(locale) });
    properties[choice] = q.multiple
      ? { type: 'array', ...row, items: { anyOf: choices }, minItems: 1 }
      : { type: 'string', ...row, oneOf: choices };
  });
  return { type: 'object', properties, required } as ElicitationSchema;
}

/** The dialog's message: the question itself when there is one (its row does not repeat it). */
export function questionsMessage(questions: ResolvedQuestion[], locale: Locale): string {
  return questions.length === 1 ? questions[0]!.question : agentText(locale, 'questionSeveral');
}

/** The questions (by index) whose answer in `values` picked the free-text choice (「その他」). */
export function otherPicked(
  questions: ResolvedQuestion[],
  values: Record<string, unknown>,
  locale: Locale,
): number[] {
  const other = customChoiceLabel(locale);
  return questions.flatMap((q, i) => {
    const picked = values[questionKeys(i).choice];
    const hit = Array.isArray(picked) ? picked.includes(other) : picked === other;
    return q.custom && q.options.length > 0 && hit ? [i] : [];
  });
}

/**
 * The second dialog: one text row for each question whose 「その他」 was picked, required. One such
 * question: the message is the question, the row says 「その他」; several: each row is titled by its
 * header and described by its question (once each in this dialog).
 */
export function otherToElicitation(
  questions: ResolvedQuestion[],
  indexes: number[],
  locale: Locale,
): { message: string; requestedSchema: ElicitationSchema } {
  const properties: Record<string, unknown> = {};
  const one = indexes.length === 1;
  for (const i of indexes) {
    const q = questions[i]!;
    properties[questionKeys(i).other] = one
      ? { type: 'string', title: customChoiceLabel(locale), minLength: 1 }
      : {
          type: 'string',
          title: `${q.header || `Q${i + 1}`}: ${customChoiceLabel(locale)}`,
          description: q.question,
          minLength: 1,
        };
  }
  return {
    message: one ? questions[indexes[0]!]!.question : agentText(locale, 'questionOther'),
    requestedSchema: {
      type: 'object',
      properties,
      required: Object.keys(properties),
    } as ElicitationSchema,
  };
}

/** The answers with the free-text choice word taken out (its text is the answer, in `qN_other`). */
export function withoutOtherChoice(
  questions: ResolvedQuestion[],
  values: Record<string, unknown>,
  locale: Locale,
): Record<string, unknown> {
  const other = customChoiceLabel(locale);
  const out = { ...values };
  questions.forEach((q, i) => {
    const key = questionKeys(i).choice;
    if (!q.custom || q.options.length === 0) return;
    const picked = out[key];
    if (Array.isArray(picked)) out[key] = picked.filter((v) => v !== other);
    else if (picked === other) delete out[key];
  });
  return out;
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
  const title = questionText(locale, 'title');
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
    problems[other] = questionText(locale, 'oneAnswer', { question: question.question });
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
