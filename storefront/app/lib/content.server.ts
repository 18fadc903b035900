// Loaders of the content pages: the page texts come from the API (edited in the admin), and a page the
// API does not know answers HTTP 404 with the spec's page.
import { apiErrorStatus } from '@shop/client';
import type { PublicPage } from '@shop/schemas';
import { data, type AppLoadContext } from 'react-router';
import { serverApi } from './api.server';

/** Ends the loader with the spec's 404 page (the root error boundary renders it). */
export function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** The call's answer; an API 404 becomes the page's 404, any other failure the error page. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (apiErrorStatus(error) === 404) notFound();
    throw error;
  }
}

/** A content page by slug, or the 404 page. */
export function loadPage(context: AppLoadContext, slug: string): Promise<PublicPage> {
  return orNotFound(serverApi(context).content.page(slug));
}

/**
 * A page that only adds an introduction and SEO texts to a list (promotions, articles, reviews): the list
 * still shows when the administrator has not created it, or the call fails.
 */
export async function optionalPage(context: AppLoadContext, slug: string): Promise<PublicPage | null> {
  try {
    return await serverApi(context).content.page(slug);
  } catch (error) {
    if (apiErrorStatus(error) !== 404)
      console.error(`page ${slug} unavailable:`, error instanceof Error ? error.message : error);
    return null;
  }
}

/** ?page=N of a list: a positive integer, 1 by default; anything else is not a page of the list. */
export function pageNumber(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  if (raw === null) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 10_000) notFound();
  return n;
}
