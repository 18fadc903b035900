import { useId } from 'react';
import { representedGroups } from '../../lib/auth-cookies';
import { useAuth } from '../../lib/auth';
import './auth-group-chooser.css';

/**
 * A representative's choice of the group to act for (spec §6): its prices and orders apply to what they do
 * next. Nothing for customers who represent no group.
 */
export function GroupChooser({ className }: { className?: string }) {
  const { user, group, chooseGroup } = useAuth();
  const id = useId();
  const groups = representedGroups(user);
  if (groups.length === 0) return null;
  return (
    <div className={['group-chooser', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="group-chooser__label">
        Покупать от имени
      </label>
      <select
        id={id}
        className="group-chooser__select"
        value={group === null ? '' : String(group)}
        onChange={(event) => chooseGroup(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">Себя лично</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.title}
          </option>
        ))}
      </select>
    </div>
  );
}
