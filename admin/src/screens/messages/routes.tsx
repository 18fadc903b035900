// The messaging screens at their spec paths under /nuxt, mounted by App.tsx inside react-admin's
// <CustomRoutes>: composing e-mails and SMS, and the failed or unsent ones of each channel.
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { RoleGate } from '../../RoleGate';
import { ComposeScreen } from './ComposeScreen';
import { UnsendList } from './UnsendList';

// One pair of screens per channel: /send-emails and /unsend-emails, /send-sms and /unsend-sms.
export const messagesRoutes: ReactElement[] = (['email', 'sms'] as const).flatMap((channel) => {
  const suffix = channel === 'email' ? 'emails' : 'sms';
  return [
    <Route
      key={`send-${suffix}`}
      path={`/send-${suffix}`}
      element={
        <RoleGate resource="mailings" action="create">
          <ComposeScreen key={channel} channel={channel} />
        </RoleGate>
      }
    />,
    <Route
      key={`unsend-${suffix}`}
      path={`/unsend-${suffix}`}
      element={
        <RoleGate resource="outbox-messages" action="list">
          <UnsendList key={channel} channel={channel} />
        </RoleGate>
      }
    />,
  ];
});
