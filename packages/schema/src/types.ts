// TypeScript types derived from the catalog, so the types can never disagree with the checker.
import type { FIELD_CATALOG, FieldType, FORM_PROPS, PropKind } from './catalog.js';

export type { FieldType } from './catalog.js';
export type Locale = 'ja' | 'en';

export interface FieldOption {
  value: string;
  label: string;
}

/** A file answer: inline as a data URL, or a reference where the embedding app uploaded it. */
export interface FileValue {
  name: string;
  type: string;
  size: number;
  data?: string;
  url?: string;
}

type KindType<K extends PropKind> = K extends 'string' | 'url' | 'pattern' | 'dateExpr'
  ? string
  : K extends 'number' | 'integer'
    ? number
    : K extends 'boolean'
      ? boolean
      : K extends 'string[]'
        ? string[]
        : K extends 'options'
          ? FieldOption[]
          : K extends 'params'
            ? Record<string, string | number | boolean>
            : unknown;

type Props = Record<string, { kind: PropKind; required?: boolean }>;
type RequiredKeys<P extends Props> = { [K in keyof P]: P[K] extends { required: true } ? K : never }[keyof P];
type FromProps<P extends Props> = { [K in RequiredKeys<P>]: KindType<P[K]['kind']> } & {
  [K in Exclude<keyof P, RequiredKeys<P>>]?: KindType<P[K]['kind']>;
};

/** The properties of one field type, as the catalog declares them. */
export type FieldProps<T extends FieldType> = (typeof FIELD_CATALOG)[T]['props'];

/**
 * The field of one type, e.g. `FieldOf<'text'>`; of several, the union of each
 * (`FieldOf<'date' | 'datetime'>` narrows on `type`). A renderer's widget for a family of types takes
 * `FieldOf<that family>`, so it reads only properties its types have.
 */
export type FieldOf<T extends FieldType> = T extends FieldType
  ? { type: T } & FromProps<FieldProps<T>>
  : never;

export type FormField = FieldOf<FieldType>;
/** A field that produces an answer (everything but divider and heading). */
export type InputField = Exclude<FormField, { type: 'divider' | 'heading' }>;

export type FormSchema = Omit<FromProps<typeof FORM_PROPS>, 'fields' | 'locale'> & {
  locale?: Locale;
  fields: FormField[];
};

export type Answers = Record<string, unknown>;

/** A finding of the schema check: an error, a warning, or a note of what was read another way. */
export interface Issue {
  /** `normalized`: the checker changed the form to what it clearly meant, and says so. */
  severity: 'error' | 'warning' | 'normalized';
  code: string;
  /** Where the defect is, e.g. "fields[2].name". */
  path: string;
  index?: number;
  fieldType?: string;
  property?: string;
  message: string;
}
