// POST /api/admin/messages/preview: a template or a free text rendered with sample values, as the template
// forms and the send screens show it, with the variables the text may use. A variable the server would not
// fill in, or a secret link outside a link, is refused with the same message as saving the template
// (messages/template-hooks.ts).
import type { FastifyInstance } from 'fastify';
import type { AdminMessagePreview, AdminMessagePreviewRequest } from '@shop/schemas';
import { templateErrors } from './template-hooks';
import { badRequest } from '../../platform/http/errors';
import { serve } from '../../platform/http/contract';
import { previewMessage } from '@shop/schemas/contracts/messages';
import { rawHtmlVariables, sampleValues, variablesFor } from './catalog';
import { renderTemplate } from './render';
import { checkedFirst, type MessagesAccess } from './access';

/** The template rules' refusals name the field as the request schema's labels do. */
const LABELS = { channel: 'Канал', code: 'Код шаблона', subject: 'Тема', body: 'Текст' };

function renderPreview(req: AdminMessagePreviewRequest): AdminMessagePreview {
  const code = req.code?.trim() ?? '';
  const texts = req.channel === 'email' ? { subject: req.subject, body: req.body } : { body: req.body };
  // The rules of saving, so the form shows a refusal before the save does (a draft may still lack a
  // system template's link: only the save asks for it).
  const errors = templateErrors(req.channel, code, texts);
  const first = Object.keys(errors)[0];
  if (first) throw badRequest(`${LABELS[first as keyof typeof LABELS]}: ${errors[first]}`, errors);
  const values = sampleValues(req.channel, code);
  return {
    subject: req.channel === 'email' ? renderTemplate(req.subject ?? '', values) : '',
    body:
      req.channel === 'email'
        ? renderTemplate(req.body, values, { html: true, rawHtml: rawHtmlVariables(code) })
        : renderTemplate(req.body, values),
    variables: variablesFor(req.channel, code).map(({ name, label }) => ({ name, label })),
  };
}

export function previewRoutes(access: MessagesAccess) {
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      previewMessage,
      async (request) => {
        const req = request.body;
        access.preview(request, req.channel);
        return { data: renderPreview(req) };
      },
      // Signed in with a role that previews some channel first; the body names the channel to check.
      { preValidation: checkedFirst(access.previewAny) },
    );
  };
}
