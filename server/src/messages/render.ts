// Template texts name their variables in double braces: {{customerName}}. Rendering fills them in; in an
// e-mail body the values are HTML-escaped unless the variable is declared as ready HTML (a table of order
// items), so a customer's name can never inject markup into a letter.

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The variable names a text uses, each once, in order of first use. */
export function templateVariables(...texts: (string | null | undefined)[]): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const m of (text ?? '').matchAll(VARIABLE)) names.add(m[1]!);
  return [...names];
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

export type TemplateValues = Record<string, string | number | null | undefined>;

export interface RenderOptions {
  /** Escape values for HTML (e-mail bodies); subjects and SMS are plain text. */
  html?: boolean;
  /** Variables whose values are already HTML and go in as they are. */
  rawHtml?: readonly string[];
}

/** Fills the variables in; a variable without a value becomes an empty string. */
export function renderTemplate(text: string, values: TemplateValues, opts: RenderOptions = {}): string {
  return text.replace(VARIABLE, (_, name: string) => {
    const v = values[name];
    const s = v === null || v === undefined ? '' : String(v);
    return opts.html && !opts.rawHtml?.includes(name) ? escapeHtml(s) : s;
  });
}
