/** The live search's panel while its results load (the debounce, the request, the results' module). */
export function LiveSearchSkeleton() {
  return (
    <div className="live-search__skeleton" aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <div key={row} className="live-search__skeleton-row">
          <span className="live-search__bone live-search__skeleton-thumb" />
          <span className="live-search__skeleton-lines">
            <span className="live-search__bone live-search__skeleton-line" />
            <span className="live-search__bone live-search__skeleton-line live-search__skeleton-line--short" />
          </span>
        </div>
      ))}
    </div>
  );
}
