import { Link } from 'react-router';
import { SHOP_NAME, WORDMARK } from '../../lib/brand';

/** The text logo; always a link home. */
export function Wordmark() {
  return (
    <Link to="/" className="wordmark" aria-label={`${SHOP_NAME}, на главную`}>
      {WORDMARK[0]}
      <span className="wordmark__accent">{WORDMARK[1]}</span>
    </Link>
  );
}
