// The answer formats: answers that are strings of a given shape (the catalog's `format`, named as JSON
// Schema names it), in two tables keyed by AnswerFormat, so a format a catalog entry names without its
// rows does not compile: ANSWER_FORMATS, what every surface does (the answer check and what it says
// when the text is not of the format, the input type a browser asks with), and FORMAT_EXCHANGE, what
// only the server and the reader do (how a client's own form dialog gets the field's default, how its
// answer comes back and a form value goes out, the names models write for the type). Two tables keep
// the second out of a browser's first load. Each format belongs to one type (the way back from elicitation finds the type
// by its format; a test holds it).
import { type AnswerFormat, FIELD_TYPES, type FieldType, fieldSpec } from './catalog.js';
import { isIsoDate, isIsoDateTime } from './dates.js';
import { type Clock, defaultValue } from './field-facts.js';
import type { MessageKey } from './messages.js';
import type { FormField } from './types.js';

export interface FormatSpec {
  /** The answer check: the answer is a string and this is true for it. */
  test(text: string): boolean;
  /** What the answer check says otherwise (a form message). */
  readonly message: MessageKey;
  /** The `<input type>` a page asks with. */
  readonly input: string;
}

/** What the server and the reader do with a format: not a browser's business (its bundle leaves it out). */
export interface FormatExchange {
  /** The field's default as the elicitation property's `default`; undefined when none can be sent. */
  elicitDefault(field: FormField, clock: Clock): string | undefined;
  /** An elicitation answer as the form holds it. */
  fromElicitation(text: string): string;
  /** A form value as elicitation content; `utcOffset` is the person's zone in minutes east of UTC. */
  toElicitation(text: string, utcOffset: number): string;
  /** Other names models write for its type ("did you mean"; no type's own name). */
  readonly suggestedBy: readonly string[];
}

/** What every surface does with a format: check the answer, say why not, ask for it in a page. */
export const ANSWER_FORMATS: Readonly<Record<AnswerFormat, FormatSpec>> = {
  date: { test: isIsoDate, message: 'badDate', input: 'date' },
  'date-time': { test: isIsoDateTime, message: 'badDatetime', input: 'datetime-local' },
};

const same = (text: string) => text;

/** The same formats as a client's form dialog and a model's words meet them (server, reader). */
export const FORMAT_EXCHANGE: Readonly<Record<AnswerFormat, FormatExchange>> = {
  date: {
    // A relative default ("today", "+7days") resolved for the form's clock.
    elicitDefault(field, clock) {
      const day = defaultValue(field, clock);
      return typeof day === 'string' && isIsoDate(day) ? day : undefined;
    },
    fromElicitation: same,
    toElicitation: same,
    suggestedBy: ['calendar', 'datepicker'],
  },
  'date-time': {
    // The form's default is a wall time without a zone; RFC 3339 needs one, and the person's is unknown.
    elicitDefault: () => undefined,
    // RFC 3339 back to the wall time as entered (`YYYY-MM-DDTHH:mm`).
    fromElicitation: (text) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) ? text.slice(0, 16) : text),
    toElicitation: (text, utcOffset) => `${text}:00${offsetText(utcOffset)}`,
    suggestedBy: ['time', 'timestamp'],
  },
};

/** `Z`, `+09:00`, `-04:30` for minutes east of UTC. */
function offsetText(minutes: number): string {
  if (minutes === 0) return 'Z';
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The type whose answers have `format` (each format belongs to one type), if any. */
export function typeOfFormat(format: string): FieldType | undefined {
  return FIELD_TYPES.find((type) => fieldSpec(type).format === format);
}
