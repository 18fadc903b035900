// JSON fields are edited as text. Text that does not parse is kept in the form as an InvalidJson value, so
// the form-level validation (validation.ts) can show a Russian message on the field instead of a type error.

export class InvalidJson {
  constructor(
    readonly text: string,
    readonly message: string,
  ) {}
}

/** Line and column (from 1) of a character offset in the text. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** Parses JSON text: '' → null, valid text → the value, anything else → InvalidJson with a Russian message. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const offset = /position (\d+)/.exec(String(error))?.[1];
    let where = '';
    if (offset !== undefined) {
      const { line, column } = position(text, Number(offset));
      where = ` (строка ${line}, символ ${column})`;
    } else if (/end of (JSON )?input|Unterminated/i.test(String(error))) {
      where = ' (текст обрывается: не хватает закрывающей скобки или кавычки)';
    }
    return new InvalidJson(text, `Некорректный JSON${where}`);
  }
}

/** A value as JSON text for editing (two-space indents); null/undefined → ''. */
export function formatJsonText(value: unknown): string {
  if (value instanceof InvalidJson) return value.text;
  if (value === null || value === undefined) return '';
  return JSON.stringify(value, null, 2);
}
