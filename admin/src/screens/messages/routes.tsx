// The messaging screens at their spec paths under /nuxt, mounted by App.tsx inside react-admin's
// <CustomRoutes>: composing e-mails and SMS, and the failed or unsent ones of each channel.
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { RoleGate } from '../sales/RoleGate';
import { ComposeScreen } from './ComposeScreen';
import { UnsendList } from './UnsendList';

export const messagesRoutes: ReactElement[] = [
  <Route
    key="send-emails"
    path="/send-emails"
    element={
      <RoleGate resource="mailings" action="create">
        <ComposeScreen key="email" channel="email" />
      </RoleGate>
    }
  />,
  <Route
    key="send-sms"
    path="/send-sms"
    element={
      <RoleGate resource="mailings" action="create">
        <ComposeScreen key="sms" channel="sms" />
      </RoleGate>
    }
  />,
  <Route
    key="unsend-emails"
    path="/unsend-emails"
    element={
      <RoleGate resource="outbox-messages" action="list">
        <UnsendList key="email" channel="email" />
      </RoleGate>
    }
  />,
  <Route
    key="unsend-sms"
    path="/unsend-sms"
    element={
      <RoleGate resource="outbox-messages" action="list">
        <UnsendList key="sms" channel="sms" />
      </RoleGate>
    }
  />,
];
