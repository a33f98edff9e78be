// A form drawn as a whole document (the form page, the Apps widget's frame): its title is the document's
// <h1> (renderForm's titleLevel: 1), so its section headings move up one level (a level-N heading is
// drawn as <h(N+1)> under an <h2> title): the outline reads h1, h2, h3... with no level skipped.
// Headings carry no answer; nothing else changes.
import { type FormSchema, fieldProp } from '@formrequest/schema/core';

export function underPageTitle(schema: FormSchema): FormSchema {
  const fields = schema.fields.map((field) => {
    const level = field.type === 'heading' ? fieldProp(field, 'level') : undefined;
    return typeof level === 'number' && level > 1 ? { ...field, level: level - 1 } : field;
  });
  return { ...schema, fields } as FormSchema;
}
