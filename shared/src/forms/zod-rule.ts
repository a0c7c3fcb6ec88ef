// The one bridge from the contract's zod schemas to antd's Form.Item rules, for every area's forms.
import type { Rule } from 'antd/es/form';

/** The part of a zod schema the forms use; structural, so any schema of the contract fits. */
interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
interface ParseSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly Issue[] } };
}

/**
 * An antd rule that checks a field with the contract's own zod schema, so the form refuses exactly
 * what the API would, with the same message.
 */
export function zodRule(
  schema: ParseSchema,
  options: { required?: boolean; requiredMessage?: string } = {},
): Rule {
  return {
    required: options.required,
    validator: async (_rule, value: unknown) => {
      const empty =
        value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
      if (empty && options.requiredMessage) throw new Error(options.requiredMessage);
      const result = schema.safeParse(value ?? '');
      if (!result.success)
        throw new Error(result.error.issues[0]?.message ?? 'Please check this field');
    },
  };
}

/** The first message per top-level field of a failed parse, e.g. for cross-field rules. */
export function zodIssuesByField(error: { issues: readonly Issue[] }): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
