// The names the admin reads instead of codes, where the codes are the server's own: every template the shop
// sends by itself is named in the outbox («Журнал отправки», «Неотправленные SMS») as its e-mail template is,
// and a declined payment's reason reads in the same words for the customer (their order's history) and the
// admin (the order's payment block). A new system template without its name fails here.
import { describe, expect, it } from 'vitest';
import outboxSchema from '@shop/schemas/entities/messages/outbox-messages.schema.json' with { type: 'json' };
import attemptsSchema from '@shop/schemas/entities/payments/payment-attempts.schema.json' with { type: 'json' };
import { SYSTEM_MAIL_TEMPLATES, SYSTEM_SMS_TEMPLATES } from '../src/domains/messages/system-templates';
import { cancelReasonText } from '../src/flows/payment/attempts';

describe('codes the admin reads by their names', () => {
  it('names every template the shop sends by itself in the outbox, as its e-mail template is named', () => {
    const labels: Record<string, string> = outboxSchema.properties.templateCode['x-enum-labels'];
    expect(labels).toEqual(Object.fromEntries(SYSTEM_MAIL_TEMPLATES.map((t) => [t.code, t.title])));
    for (const t of SYSTEM_SMS_TEMPLATES) expect(labels, t.code).toHaveProperty([t.code]);
  });

  it("says a declined payment's reason in the schema's words, and something for a reason it does not know", () => {
    const labels: Record<string, string> = attemptsSchema.properties.cancellationReason['x-enum-labels'];
    expect(labels.insufficient_funds).toBe('Недостаточно средств на карте');
    expect(cancelReasonText('insufficient_funds')).toBe('недостаточно средств на карте');
    expect(cancelReasonText('3d_secure_failed')).toBe('банк не подтвердил платёж (3-D Secure)');
    expect(cancelReasonText('a_new_reason')).toBe('платёж не прошёл');
    expect(cancelReasonText(null)).toBe('платёж не прошёл');
  });
});
