// Small builders of the generated TypeScript/JSX text: literals, attributes, elements, components and the
// imports of one file.
import { pascal } from '../../model';

export class AdminEmitError extends Error {}

export const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An object key: bare when it is an identifier. */
export const key = (k: string) => (IDENTIFIER.test(k) ? k : lit(k));

/** A JS literal with single quotes and bare keys where possible. */
export function lit(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string')
    return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(lit).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${key(k)}: ${lit(v)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  throw new AdminEmitError(`cannot write ${typeof value} as a literal`);
}

export type Attr = string | false | null | undefined;

/** A JSX string attribute; text JSX cannot hold as is goes in braces. */
export function str(name: string, value: string): string {
  return /^[^"&{}<>\\\n]*$/.test(value) ? `${name}="${value}"` : `${name}={${lit(value)}}`;
}

export function expr(name: string, code: string): string {
  return `${name}={${code}}`;
}

export function indent(code: string): string {
  return code
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');
}

export function el(tag: string, attrs: Attr[], children: string[] = []): string {
  const a = attrs.filter((x): x is string => Boolean(x)).join(' ');
  const open = a ? `${tag} ${a}` : tag;
  if (children.length === 0) return `<${open} />`;
  return `<${open}>\n${indent(children.join('\n'))}\n</${tag}>`;
}

/** A function component returning JSX, with optional statements before the return. */
export function component(
  name: string,
  jsx: string,
  { exported = true, prelude = [] as string[] } = {},
): string {
  const body = [...prelude, `return (\n${indent(jsx)}\n);`].join('\n');
  return `${exported ? 'export ' : ''}function ${name}() {\n${indent(body)}\n}`;
}

export const camel = (s: string) => {
  const p = pascal(s.replace(/\./g, '-'));
  return p.charAt(0).toLowerCase() + p.slice(1);
};

/** Collects the imports of one generated file. */
export class Imports {
  private readonly named = new Map<string, Map<string, boolean>>();
  private readonly defaults = new Map<string, string>();

  add(module: string, name: string, typeOnly = false): string {
    const names = this.named.get(module) ?? new Map<string, boolean>();
    names.set(name, (names.get(name) ?? true) && typeOnly);
    this.named.set(module, names);
    return name;
  }

  addDefault(module: string, local: string): string {
    this.defaults.set(module, local);
    return local;
  }

  render(): string {
    const order = (m: string) =>
      m === 'react-admin' ? 0 : m.startsWith('@mui/') ? 1 : m.startsWith('@shop/') ? 2 : 3;
    const modules = [...new Set([...this.named.keys(), ...this.defaults.keys()])].sort(
      (a, b) => order(a) - order(b) || a.localeCompare(b, 'en'),
    );
    return modules
      .map((m) => {
        const def = this.defaults.get(m);
        const names = [...(this.named.get(m) ?? new Map<string, boolean>())]
          .sort(([a], [b]) => a.localeCompare(b, 'en'))
          .map(([n, typeOnly]) => (typeOnly ? `type ${n}` : n));
        const parts = [def, names.length ? `{ ${names.join(', ')} }` : undefined].filter(Boolean);
        return `import ${parts.join(', ')} from '${m}';`;
      })
      .join('\n');
  }
}
