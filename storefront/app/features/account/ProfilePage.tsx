import type { ReactNode } from 'react';
import './profile.css';

/** The heading and body of one account page (the account menu around it belongs to features/account/profile-layout.tsx). */
export function ProfilePage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="profile-page">
      <h1 className="profile-page__title">{title}</h1>
      {children}
    </div>
  );
}
