// Paying part of the goods with bonus points. Only a signed-in customer whose type takes part
// (bonusAllowed), and only while the programme is on. At most bonusMaxSpendPercent of the goods after every
// discount (rounded down, so the percent is never passed), and only whole points; delivery is never paid
// with points. Points are the customer's spendable balance: the caller leaves expired points out.
import { pointsEarned } from '@shop/schemas/rules/bonus-points';
import { bonusMessages } from './messages';
import { percentFloor } from './money';
import type { BonusResult, PricingCustomer, PricingProblem, PricingSettings } from './types';

export function priceBonuses(
  settings: PricingSettings,
  customer: PricingCustomer,
  request: { balance: number; requested: number },
  goodsAfterDiscounts: number,
): { bonuses: BonusResult; problem: PricingProblem | null } {
  const pointValue = settings.bonusPointValue;
  const available = Math.max(0, Math.floor(request.balance));
  const requested = Math.max(0, Math.floor(request.requested));
  const none = (reason: string | null): BonusResult => ({
    enabled: false,
    reason,
    available,
    maxSpendable: 0,
    requested,
    spent: 0,
    value: 0,
    pointValue,
    earn: 0,
  });
  if (!settings.bonusEnabled) return { bonuses: none(null), problem: null };
  if (customer.userId === null) return { bonuses: none(bonusMessages.guest), problem: null };
  if (!customer.userType?.bonusAllowed) return { bonuses: none(bonusMessages.notAllowed), problem: null };

  const byPercent = Math.floor(percentFloor(goodsAfterDiscounts, settings.bonusMaxSpendPercent) / pointValue);
  const maxSpendable = Math.min(available, byPercent);
  const spent = Math.min(requested, maxSpendable);
  let problem: PricingProblem | null = null;
  if (requested > spent) {
    const message =
      requested > available && available <= byPercent
        ? bonusMessages.limitedByBalance(available)
        : bonusMessages.limitedByPercent(settings.bonusMaxSpendPercent, spent);
    problem = { code: 'bonus_limited', message, blocking: false };
  }
  return {
    bonuses: {
      enabled: true,
      reason: null,
      available,
      maxSpendable,
      requested,
      spent,
      value: spent * pointValue,
      pointValue,
      earn: pointsEarned(goodsAfterDiscounts - spent * pointValue, settings.bonusAccrualPercent, pointValue),
    },
    problem,
  };
}
