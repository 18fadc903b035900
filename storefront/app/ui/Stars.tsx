import '../features/content/reviews.css';

/** A rating as five stars, read out as "Оценка 4 из 5". */
export function Stars({ value, size = 18 }: { value: number; size?: number }) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <span className="stars" role="img" aria-label={`Оценка ${String(value).replace('.', ',')} из 5`}>
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = rounded >= n ? 'full' : rounded >= n - 0.5 ? 'half' : 'empty';
        return (
          <svg
            key={n}
            className={`stars__star stars__star--${fill}`}
            width={size}
            height={size}
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
          >
            <path d={STAR} className="stars__empty" />
            {fill !== 'empty' && (
              <path
                d={STAR}
                className="stars__fill"
                style={fill === 'half' ? { clipPath: 'inset(0 50% 0 0)' } : undefined}
              />
            )}
          </svg>
        );
      })}
    </span>
  );
}

export const STAR = 'M12 2.8l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.6l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8L12 2.8Z';
