// The create and edit screens of mail-templates and sms-templates: the generated fields with the preview
// panel beside them. They take the generated screens' place through x-components in the two schemas:
//   "x-components": { "create": "./screens/messages/templates/TemplateScreens#MailTemplateCreate",
//                     "edit": "./screens/messages/templates/TemplateScreens#MailTemplateEdit" }
// (SmsTemplateCreate / SmsTemplateEdit for sms-templates); the codegen then adds the history below edit.
import Box from '@mui/material/Box';
import { MailTemplateInputSchema, SmsTemplateInputSchema } from '@shop/schemas/generated/zod';
import type { ReactNode } from 'react';
import { BooleanInput, Create, Edit, SimpleForm, TextInput } from 'react-admin';
import { RichTextInput } from '../../../fields';
import { inputTransform } from '../../../input';
import { zodValidator } from '../../../validation';
import type { Channel } from '../api';
import { TemplatePreviewPanel } from './TemplatePreviewPanel';

const VARIABLES_HELP = 'Переменные пишутся в двойных фигурных скобках: {{customerName}}';

const mailInput = inputTransform({
  code: {},
  title: {},
  description: { nullable: true },
  subject: {},
  body: {},
  active: {},
});
const smsInput = inputTransform({
  code: {},
  title: {},
  description: { nullable: true },
  body: {},
  active: {},
});
const mailValidate = zodValidator(MailTemplateInputSchema, mailInput);
const smsValidate = zodValidator(SmsTemplateInputSchema, smsInput);

function TwoColumns({ channel, children }: { channel: Channel; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(320px, 2fr)' },
        gap: 3,
        width: '100%',
        alignItems: 'start',
      }}
    >
      <Box>{children}</Box>
      <TemplatePreviewPanel channel={channel} />
    </Box>
  );
}

function CommonFields({ channel }: { channel: Channel }) {
  return (
    <>
      <TextInput
        source="code"
        isRequired
        fullWidth
        helperText={
          channel === 'email'
            ? 'По коду сервер выбирает шаблон, например order.created или auth.password_recovery'
            : 'По коду сервер выбирает шаблон, например order.shipped или auth.code'
        }
      />
      <TextInput source="title" isRequired fullWidth />
      <TextInput source="description" multiline minRows={3} fullWidth />
    </>
  );
}

function MailTemplateForm() {
  return (
    <SimpleForm validate={mailValidate}>
      <TwoColumns channel="email">
        <CommonFields channel="email" />
        <TextInput
          source="subject"
          isRequired
          fullWidth
          helperText="Переменные пишутся в двойных фигурных скобках; доступные для этого кода показаны справа"
        />
        <RichTextInput source="body" isRequired helperText={VARIABLES_HELP} />
        <BooleanInput
          source="active"
          helperText="Письма по неактивному шаблону не отправляются"
          defaultValue={true}
        />
      </TwoColumns>
    </SimpleForm>
  );
}

function SmsTemplateForm() {
  return (
    <SimpleForm validate={smsValidate}>
      <TwoColumns channel="sms">
        <CommonFields channel="sms" />
        <TextInput
          source="body"
          isRequired
          multiline
          minRows={3}
          fullWidth
          helperText={`${VARIABLES_HELP}. 70 символов кириллицы — одно SMS`}
        />
        <BooleanInput
          source="active"
          helperText="SMS по неактивному шаблону не отправляются"
          defaultValue={true}
        />
      </TwoColumns>
    </SimpleForm>
  );
}

export const MailTemplateCreate = () => (
  <Create transform={mailInput} redirect="edit">
    <MailTemplateForm />
  </Create>
);

export const MailTemplateEdit = () => (
  <Edit transform={mailInput} mutationMode="pessimistic">
    <MailTemplateForm />
  </Edit>
);

export const SmsTemplateCreate = () => (
  <Create transform={smsInput} redirect="edit">
    <SmsTemplateForm />
  </Create>
);

export const SmsTemplateEdit = () => (
  <Edit transform={smsInput} mutationMode="pessimistic">
    <SmsTemplateForm />
  </Edit>
);
