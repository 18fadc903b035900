import type { ProfileBonuses } from '@shop/schemas';
import { Link } from 'react-router';
import { formatDate, plural } from '../../lib/format';
import { bonusReason, formatPoints, orderPath } from './order-lists';

type Entry = ProfileBonuses['history'][number];

export const pointsWord = (n: number) => plural(Math.abs(n), ['балл', 'балла', 'баллов']);

/** The ledger newest first: date, what for (with the order), + or − points, when accrued points expire. */
export function BonusHistory({ history }: { history: Entry[] }) {
  return (
    <ul className="bonus-list">
      {history.map((entry) => (
        <li key={entry.id} className="bonus-entry">
          <div className="bonus-entry__what">
            <p className="bonus-entry__kind">{entry.kindLabel}</p>
            <p className="bonus-entry__meta">
              <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
              {entry.orderNumber && (
                <>
                  {' · '}
                  <Link to={orderPath(entry.orderNumber)}>заказ № {entry.orderNumber}</Link>
                </>
              )}
              {bonusReason(entry) && <> · {bonusReason(entry)}</>}
            </p>
            {entry.expiresAt && entry.amount > 0 && (
              <p className="bonus-entry__meta">Сгорят {formatDate(entry.expiresAt)}</p>
            )}
          </div>
          <p className={`bonus-entry__amount bonus-entry__amount--${entry.amount < 0 ? 'minus' : 'plus'}`}>
            {entry.amount > 0 ? '+' : ''}
            {formatPoints(entry.amount)} <span className="visually-hidden">{pointsWord(entry.amount)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
