// The page's hydration scripts, started once the page has painted its main picture (issue 28). React Router's
// <Scripts/> has the browser fetch every module of the page at once: its modulepreload links (React puts them
// in the head) and its inline module script, which imports the route modules and then the client entry.
// On a phone's connection those ~95 kB brotli share the bandwidth with the main picture, so the page the server
// rendered (its links and forms work without JavaScript) appears later than it could. Here the same scripts
// wait: the module script is written with a type the browser does not run, its modulepreloads are listed on
// it, and a small inline script starts both once the pictures marked fetchpriority="high" are loaded and
// painted, after the first paint on a page without one, at the latest after START_AT_THE_LATEST_MS
// (lib/hydration-start.ts).
import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Scripts } from 'react-router';
import {
  START_AT_THE_LATEST_MS,
  WAITING_ID,
  WAITING_TYPE,
  startHydrationWhenPainted,
} from './hydration-start';

interface ScriptsElementProps {
  rel?: string;
  href?: string;
  type?: string;
  dangerouslySetInnerHTML?: { __html: string };
}

/** The elements of a rendered tree, fragments opened. */
function elementsOf(node: ReactNode): ReactElement<ScriptsElementProps>[] {
  if (Array.isArray(node)) return node.flatMap((child: ReactNode) => elementsOf(child));
  if (!isValidElement<ScriptsElementProps & { children?: ReactNode }>(node)) return [];
  if (node.type === Fragment) return elementsOf(node.props.children);
  return [node];
}

/**
 * In place of `<Scripts/>`, at the end of the body. React Router's component is called for its elements, so
 * its logic stays its own (the hydration data, the partial manifest, the route modules' imports, its
 * hydrated flag: its hooks run as this component's): the classic scripts (the hydration data, whose stream
 * the loaders' data is written into further down) are kept as they are; the modulepreloads become a list on
 * the waiting module script, which keeps React Router's text, so a page kept by the page cache allows it by
 * the same hash (server/src/platform/web/page-cache.ts).
 */
export function PageScripts({ nonce }: { nonce: string | undefined }) {
  // A call rather than an element: its hooks are this component's, the same ones on every render.
  const rendered = Scripts({ nonce });
  const elements = elementsOf(rendered);
  const loader = elements.find((e) => e.type === 'script' && e.props.type === 'module');
  // After hydration <Scripts/> renders nothing; a shape it never had is rendered as it comes.
  if (!loader) return rendered;
  const preloads = elements
    .filter((e) => e.type === 'link' && e.props.rel === 'modulepreload')
    .map((e) => e.props.href)
    .filter(Boolean);
  const kept = elements.filter(
    (e) => e !== loader && !(e.type === 'link' && e.props.rel === 'modulepreload'),
  );
  return (
    <>
      {kept.map((element, i) => (
        <Fragment key={i}>{element}</Fragment>
      ))}
      <script
        type={WAITING_TYPE}
        id={WAITING_ID}
        data-modulepreload={preloads.join(' ')}
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={loader.props.dangerouslySetInnerHTML}
      />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: STARTER }} />
    </>
  );
}

/** The starter's text: the server's only (hydration keeps the server's text; the browser's chunk is smaller). */
const STARTER = import.meta.env.SSR
  ? `(${startHydrationWhenPainted.toString()})(${JSON.stringify(WAITING_ID)},${START_AT_THE_LATEST_MS});`
  : '';
