// Form-level validation of the admin forms with the entity's generated zod input schema
// (@shop/schemas/generated/zod), adapted to react-admin: zod issues become an error object shaped like
// the form values ({ title: 'message', offers: [{ article: 'message' }] }), which react-admin's
// `validate` prop turns into messages on the inputs.
import { InvalidJson } from './fields/json';

/** The part of a zod issue the adapter reads (zod 4: $ZodIssue). */
export interface ValidationIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Anything with zod's safeParse: the generated `<TypeName>InputSchema`s. */
export interface ValidationSchema {
  safeParse(
    data: unknown,
  ): { success: true } | { success: false; error: { issues: readonly ValidationIssue[] } };
}

export type FormErrors = Record<string, unknown>;

export const REQUIRED_MESSAGE = 'Обязательное поле';

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = values;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** The message to show for an issue: ours for an empty required field and for JSON that does not parse. */
function messageFor(issue: ValidationIssue, values: unknown): string {
  const value = valueAt(values, issue.path);
  if (value instanceof InvalidJson) return value.message;
  if (issue.code === 'invalid_type' && (value === undefined || value === null || value === '')) {
    return REQUIRED_MESSAGE;
  }
  return issue.message;
}

function setAt(target: FormErrors, path: readonly PropertyKey[], message: string): void {
  let node: Record<PropertyKey, unknown> = target;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    if (last) {
      // The first issue of a field wins; nested errors of the same field stay as they are.
      if (node[key] === undefined) node[key] = message;
      return;
    }
    const next = node[key];
    if (next === null || typeof next !== 'object') {
      if (next !== undefined) return; // the field already has its own message
      node[key] = typeof path[i + 1] === 'number' ? [] : {};
    }
    node = node[key] as Record<PropertyKey, unknown>;
  });
}

/**
 * Maps issues to react-admin form errors. Issues about the object itself (empty path, e.g. refinements
 * over several fields) go to `root.serverError`, which react-admin shows as the form's notification.
 * Pass the form values so empty required fields read "Обязательное поле".
 */
export function issuesToErrors(issues: readonly ValidationIssue[], values?: unknown): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
    const message = messageFor(issue, values);
    setAt(errors, path.length === 0 ? ['root', 'serverError'] : path, message);
  }
  return errors;
}

/** Issues for JSON text that does not parse: a class instance could pass a loose object schema. */
function invalidJsonIssues(value: unknown, path: (string | number)[] = []): ValidationIssue[] {
  if (value instanceof InvalidJson) return [{ code: 'invalid_json', path, message: value.message }];
  if (Array.isArray(value)) return value.flatMap((item, i) => invalidJsonIssues(item, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => invalidJsonIssues(item, [...path, key]));
  }
  return [];
}

/**
 * A react-admin `validate` function for a form: `prepare` turns the form values into the API input (the
 * same function the Create/Edit `transform` uses), then the schema checks it.
 */
export function zodValidator(
  schema: ValidationSchema,
  prepare: (values: Record<string, unknown>) => unknown = (values) => values,
): (values: Record<string, unknown>) => FormErrors {
  return (values) => {
    const result = schema.safeParse(prepare(values));
    const issues = [...invalidJsonIssues(values), ...(result.success ? [] : result.error.issues)];
    return issuesToErrors(issues, values);
  };
}
