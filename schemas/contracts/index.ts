// Every endpoint contract of the API, by domain (one file each). The server serves them, codegen writes the
// types and the client from this list: a contract not listed here has no route and no client method.
import type { EndpointContract } from './contract';
import * as catalog from './catalog';
import * as messages from './messages';
import * as sales from './sales';

/** All contracts, in one list (their names are unique: codegen checks). */
export const allContracts: EndpointContract[] = [catalog, messages, sales].flatMap((domain) =>
  Object.values(domain as Record<string, EndpointContract>),
);
