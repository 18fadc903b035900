// From the endpoint contracts (schemas/contracts): the types of each endpoint's parts, as the client sends
// them and as the server's handler reads them (schemas/generated/endpoints.ts), and the client's methods
// (client/generated/endpoints.ts). One declaration, so the route, /api/docs and the client cannot disagree.
import { compile } from 'json-schema-to-typescript';
import type { EndpointContract, Schema } from '@shop/schemas/contracts/contract';
import { GENERATED_HEADER } from './header';

const OPTIONS = {
  bannerComment: '',
  additionalProperties: false,
  declareExternallyReferenced: true,
  format: false,
  unreachableDefinitions: false,
  strictIndexSignatures: true,
} as const;

const PARTS = ['params', 'query', 'body', 'headers'] as const;
type Part = (typeof PARTS)[number];

/** Every schemas/api payload schema's $id → the name of its generated type (its title). */
export const apiTypeNames = (schemas: Map<string, Schema>): Map<string, string> =>
  new Map([...schemas].map(([id, s]) => [id, String(s.title)]));

/**
 * The schema as a type sees it: a schemas/api reference becomes that type's name, our keywords go, titles
 * below the top go (nested objects are inlined, not named). `applied`: what the handler reads, where a
 * property with a default is always there (the validator fills it in).
 */
function forType(
  s: unknown,
  refs: Map<string, string>,
  used: Set<string>,
  applied: boolean,
  top = true,
): unknown {
  if (Array.isArray(s)) return s.map((v) => forType(v, refs, used, applied, false));
  if (!s || typeof s !== 'object') return s;
  const schema = s as Schema;
  if (typeof schema.$ref === 'string') {
    const id = schema.$ref.replace(/#$/, '');
    const name = refs.get(id);
    if (!name)
      throw new Error(`a contract names $ref "${schema.$ref}", which no schemas/api file has as its $id`);
    used.add(name);
    return { tsType: name };
  }
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k.startsWith('x-') || k === 'default' || k === '$comment' || (k === 'title' && !top)) continue;
    if (k === 'properties' && v && typeof v === 'object')
      out.properties = Object.fromEntries(
        Object.entries(v as Record<string, unknown>).map(([n, p]) => [
          n,
          forType(p, refs, used, applied, false),
        ]),
      );
    else if (k === 'description' || k === 'enum' || k === 'const' || k === 'required') out[k] = v;
    else out[k] = forType(v, refs, used, applied, false);
  }
  if (applied && schema.properties && typeof schema.properties === 'object') {
    const withDefault = Object.entries(schema.properties as Record<string, Schema>)
      .filter(([, p]) => p && typeof p === 'object' && 'default' in p)
      .map(([n]) => n);
    if (withDefault.length)
      out.required = [...new Set([...((schema.required as string[] | undefined) ?? []), ...withDefault])];
  }
  return out;
}

/** 'catalog.notifyStock' → 'CatalogNotifyStock'. */
const typeBase = (name: string) =>
  name
    .split('.')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** The answer the client returns: the lowest 2xx status's schema, if the route answers a body. */
function successSchema(c: EndpointContract): Schema | null {
  const status = Object.keys(c.response)
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
    .sort()[0];
  const schema = status === undefined ? undefined : c.response[status];
  if (!schema || status === 204) return null;
  const { description: _description, ...rest } = schema;
  return Object.keys(rest).length ? rest : null;
}

/** An answer that is only `{ data }`: the client gives back `data`. */
const isEnvelope = (s: Schema | null) => {
  const properties = s?.properties as Record<string, unknown> | undefined;
  return !!properties && Object.keys(properties).length === 1 && 'data' in properties;
};

const pathParamsOf = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map((m) => m[1] ?? '*');

export function checkContracts(contracts: EndpointContract[]) {
  const names = new Set<string>();
  const routes = new Set<string>();
  for (const c of contracts) {
    if (!/^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/.test(c.name))
      throw new Error(`contract "${c.name}": its name is '<group>.<method>', both camelCase`);
    if (names.has(c.name)) throw new Error(`two contracts are named "${c.name}"`);
    names.add(c.name);
    const route = `${c.method} ${c.path.replace(/:[A-Za-z0-9_]+/g, ':')}`;
    if (routes.has(route)) throw new Error(`two contracts declare ${c.method} ${c.path}`);
    routes.add(route);
    const declared = Object.keys((c.params?.properties as Schema | undefined) ?? {});
    const inPath = pathParamsOf(c.path);
    if (declared.sort().join() !== [...inPath].sort().join())
      throw new Error(
        `contract "${c.name}": params [${declared.join()}] differ from the path's [${inPath.join()}]`,
      );
  }
}

interface Emitted {
  name: string;
  base: string;
  /** Part → the type the client sends / the handler reads. */
  input: Partial<Record<Part, string>>;
  read: Partial<Record<Part, string>>;
  /** Parts with no required property (the client's argument defaults to {}). */
  optional: Set<Part>;
  answer: string;
}

export async function emitEndpoints(
  contracts: EndpointContract[],
  apiSchemas: Schema[],
): Promise<Record<string, string>> {
  checkContracts(contracts);
  // The payload schemas by $id, views expanded (codegen/src/views.ts).
  const schemas = new Map(apiSchemas.map((s) => [String(s.$id), s]));
  const refs = apiTypeNames(schemas);
  const used = new Set<string>();
  const blocks: string[] = [];
  const emitted: Emitted[] = [];
  const sorted = [...contracts].sort((a, b) => a.name.localeCompare(b.name));
  for (const c of sorted) {
    const base = typeBase(c.name);
    const e: Emitted = { name: c.name, base, input: {}, read: {}, optional: new Set(), answer: 'unknown' };
    for (const part of PARTS) {
      const schema = c[part];
      if (!schema) continue;
      const partName = `${base}${part.charAt(0).toUpperCase()}${part.slice(1)}`;
      // A payload of schemas/api (`api('login')`) says what it requires in its own file.
      const own = typeof schema.$ref === 'string' ? schemas.get(schema.$ref.replace(/#$/, '')) : schema;
      if (!((own?.required as string[] | undefined) ?? []).length) e.optional.add(part);
      const input = forType(schema, refs, used, false);
      const read = forType(schema, refs, used, true);
      blocks.push(await compile({ ...(input as Schema), title: partName }, partName, OPTIONS));
      e.input[part] = partName;
      e.read[part] = partName;
      if (JSON.stringify(read) !== JSON.stringify(input)) {
        const readName = `${partName}Read`;
        blocks.push(await compile({ ...(read as Schema), title: readName }, readName, OPTIONS));
        e.read[part] = readName;
      }
    }
    const success = successSchema(c);
    if (c.produces) e.answer = 'ArrayBuffer';
    else if (success) {
      const answerName = `${base}Answer`;
      const answer = forType(success, refs, used, false) as Schema;
      blocks.push(await compile({ ...answer, title: answerName }, answerName, OPTIONS));
      e.answer = answerName;
    } else e.answer = 'void';
    emitted.push(e);
  }
  const map = emitted
    .map(
      (e) =>
        `  '${e.name}': {\n` +
        PARTS.map((p) => `    ${p}: ${e.read[p] ?? 'unknown'};\n`).join('') +
        `    answer: ${e.answer};\n  };`,
    )
    .join('\n');
  const types = [
    GENERATED_HEADER,
    used.size ? `import type { ${[...used].sort().join(', ')} } from './api';\n` : '',
    ...blocks,
    "/** Each endpoint by its contract's name: its parts as the server's handler reads them, and its answer. */",
    `export interface Endpoints {\n${map}\n}\n`,
    'export type EndpointName = keyof Endpoints;\n',
  ].join('\n');
  return {
    'schemas/generated/endpoints.ts': types,
    'client/generated/endpoints.ts': clientFile(sorted, emitted),
  };
}

function clientFile(contracts: EndpointContract[], emitted: Emitted[]): string {
  const groups = new Map<string, string[]>();
  const typeNames = new Set<string>();
  emitted.forEach((e, i) => {
    const c = contracts[i]!;
    if (c.external) return;
    const [group, method] = c.name.split('.') as [string, string];
    const args: string[] = [];
    const t = (name: string) => {
      typeNames.add(name);
      return `T.${name}`;
    };
    let url = `/api${c.path}`;
    for (const p of pathParamsOf(c.path)) {
      if (p === '*') {
        args.push(`path: string`);
        url = url.replace(/\*$/, "${path.split('/').map(encodeURIComponent).join('/')}");
      } else {
        args.push(`${p}: ${t(e.input.params!)}['${p}']`);
        url = url.replace(`:${p}`, `\${encodeURIComponent(String(${p}))}`);
      }
    }
    const optional = (part: Part) => e.optional.has(part);
    if (e.input.body) args.push(`body: ${t(e.input.body)}${optional('body') ? ' = {}' : ''}`);
    if (e.input.query) args.push(`query: ${t(e.input.query)}${optional('query') ? ' = {}' : ''}`);
    if (e.input.headers) args.push(`headers: ${t(e.input.headers)}${optional('headers') ? ' = {}' : ''}`);
    args.push('config: AxiosRequestConfig = {}');
    const answerType = e.answer === 'void' || e.answer === 'ArrayBuffer' ? e.answer : t(e.answer);
    const settings = [
      '...config',
      e.input.query ? 'params: query' : '',
      e.input.headers ? 'headers: { ...config.headers, ...headers }' : '',
      c.produces ? "responseType: 'arraybuffer'" : '',
    ]
      .filter(Boolean)
      .join(', ');
    const send = ['POST', 'PUT', 'PATCH'].includes(c.method);
    const call = `http.request<${answerType}>({ method: '${c.method}', url: \`${url}\`${
      send && e.input.body ? ', data: body' : ''
    }, ${settings} })`;
    const success = successSchema(c);
    const body = c.produces
      ? `{\n        const res = await ${call};\n        const disposition: unknown = res.headers['content-disposition'];\n        return { data: res.data, disposition: typeof disposition === 'string' ? disposition : null };\n      }`
      : e.answer === 'void'
        ? `{\n        await ${call};\n      }`
        : `(await ${call}).data${isEnvelope(success) ? '.data' : ''}`;
    const doc = `      /** ${c.method} /api${c.path}: ${c.summary.replace(/\*\//g, '* /')} */\n`;
    const list = groups.get(group) ?? [];
    list.push(`${doc}      ${method}: async (${args.join(', ')}) =>\n        ${body},`);
    groups.set(group, list);
  });
  const body = [...groups.entries()]
    .map(([group, methods]) => `    ${group}: {\n${methods.join('\n')}\n    },`)
    .join('\n');
  return [
    GENERATED_HEADER,
    "import type { AxiosInstance, AxiosRequestConfig } from 'axios';",
    typeNames.size ? `import type * as T from '@shop/schemas/generated/endpoints';\n` : '',
    "/** A method for every endpoint contract, grouped as the contracts name them; each returns the answer (an envelope's `data`). */",
    `export function endpointMethods(http: AxiosInstance) {\n  return {\n${body}\n  };\n}\n`,
  ].join('\n');
}
