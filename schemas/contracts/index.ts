// Every endpoint contract of the API, by domain (a file or a folder each). The server serves them, codegen
// writes the types and the client from this list: a contract not listed here has no route and no client method.
import type { EndpointContract } from './contract';
import * as accounts from './accounts';
import * as catalog from './catalog';
import * as content from './content';
import * as delivery from './delivery';
import * as feeds from './feeds';
import * as exchange1c from './exchange1c';
import * as forms from './forms';
import * as messages from './messages';
import * as payments from './payments';
import * as platform from './platform';
import * as sales from './sales';
import * as settings from './settings';

const modules: object[] = [
  accounts,
  catalog,
  content,
  delivery,
  feeds,
  exchange1c,
  forms,
  messages,
  payments,
  platform,
  sales,
  settings,
];

/** A module's contracts among its exports (a shared schema part or a constant, such as an enum's values, is not one). */
const isContract = (value: unknown): value is EndpointContract =>
  !!value && typeof value === 'object' && 'name' in value && 'method' in value && 'path' in value;

/** All contracts, in one list (their names are unique: codegen checks). */
export const allContracts: EndpointContract[] = modules.flatMap((m) => Object.values(m).filter(isContract));
