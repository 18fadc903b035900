// The demo shop's mail and SMS templates are the system ones (messages/system-templates.ts): one source for
// the texts, whether the seed or the start-up creates them.
export { mailTemplateRows, smsTemplateRows } from '../domains/messages';
