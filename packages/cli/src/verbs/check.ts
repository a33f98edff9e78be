import { formatIssues, resolveLocale, validateFormSchema } from '@formrequest/schema';
import { err, out } from '../output.js';
import { formSchemaOf, readJsonFile, UnreadableError } from '../read-input.js';
import { parseFlags, UsageError, type Verb } from '../verb.js';

const usage = `Usage: formrequest check FILE [--locale ja|en] [--json] [--allow-private-urls]

Checks a form schema file (JSON; "-" reads standard input) the way request_form does and prints
every error, warning and note of what was read another way, in the tool's wording (in the form's
language unless --locale says otherwise). A file holding a tool call input {"form_schema": ...}
is accepted too. A searchUrl / loadUrl at a link-local, cloud-metadata (169.254.169.254) or private
address is a warning; --allow-private-urls says it is meant (an intranet API).

Exit codes: 0 valid (warnings may be printed), 1 invalid, 2 unreadable file or bad usage.`;

const verb: Verb = {
  summary: 'check a form schema file and print its errors',
  usage,
  async run(args) {
    const { values, positionals } = parseFlags(args, {
      locale: { type: 'string' },
      json: { type: 'boolean' },
      'allow-private-urls': { type: 'boolean' },
    });
    if (positionals.length !== 1)
      throw new UsageError(positionals.length ? 'give one FILE.' : 'FILE is missing.');
    if (values.locale && values.locale !== 'ja' && values.locale !== 'en') {
      throw new UsageError(`--locale must be ja or en, not '${values.locale}'.`);
    }
    const file = positionals[0]!;
    let input: unknown;
    try {
      input = await readJsonFile(file, values.locale === 'ja' ? 'ja' : 'en');
    } catch (error) {
      if (!(error instanceof UnreadableError)) throw error;
      err.write(`formrequest check: ${error.message}\n`);
      return 2;
    }
    // Without --locale, in the form's language (its locale, else its words'), as request_form answers.
    const locale = values.locale ? resolveLocale(values.locale) : undefined;
    const result = validateFormSchema(formSchemaOf(input), {
      locale,
      allowPrivateUrls: values['allow-private-urls'] === true,
    });
    if (values.json) {
      out.json({ ok: result.ok, errors: result.errors, warnings: result.warnings });
    } else {
      const text = formatIssues([...result.errors, ...result.warnings]);
      if (text) out.write(`${text}\n`);
      if (result.ok) out.write(`${file}: OK (${result.schema!.fields.length} fields)\n`);
    }
    return result.ok ? 0 : 1;
  },
};
export default verb;
