// Every endpoint contract of the API, by domain (one file each). The server serves them, codegen writes the
// types and the client from this list: a contract not listed here has no route and no client method.
import type { EndpointContract } from './contract';
import * as catalog from './catalog';
import * as content from './content';
import * as platform from './platform';

/** A domain's file also exports constants the server shares (an enum's values): only contracts count. */
const isContract = (v: unknown): v is EndpointContract =>
  !!v && typeof v === 'object' && 'name' in v && 'method' in v && 'path' in v;

/** All contracts, in one list (their names are unique: codegen checks). */
export const allContracts: EndpointContract[] = [catalog, content, platform].flatMap((domain) =>
  Object.values(domain).filter(isContract),
);
