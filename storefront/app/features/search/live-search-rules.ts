// What the live search (LiveSearch.tsx) and its lazily loaded results (LiveSearchResults.tsx) share.

/** Spec §4, §9: results appear 500 ms after typing stops; the first 7 are shown. */
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_PAGE_SIZE = 7;
export const NOTHING_FOUND = 'Сожалеем, но ничего не найдено';

/** The search page's address; the spec names its parameter "qwery". */
export function searchPageUrl(text: string): string {
  return `/search?${new URLSearchParams({ qwery: text.trim() }).toString()}`;
}
