// JSON-LD the root loader writes on the server, so that its code stays out of every page's first download
// (lib/json-ld.ts, issue 28).
import { jsonLdText, organizationJsonLd } from './json-ld';
import type { PublicConfig } from './shell-data';

/** The seller's Organization block, as the text of the root layout's <script type="application/ld+json">. */
export const organizationScript = (config: PublicConfig): string => jsonLdText(organizationJsonLd(config));
