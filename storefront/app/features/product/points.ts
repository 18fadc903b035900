// «+N баллов» where a purchase is decided (issue 31): the points a signed-in customer in the bonus programme
// gets back for what they are about to buy, by the shop's one rule (schemas/rules/bonus-points.ts, the
// cart's «Вернётся баллами» and the accrual at completion use it too). A guest, a customer type outside the
// programme, or the programme switched off: 0, and nothing is shown.
import { pointsEarned } from '@shop/schemas/rules/bonus-points';
import { useAuth } from '../../lib/auth';
import { POINTS, plural } from '../../lib/format';
import { useShellData } from '../../lib/shell-data';

/** The points a purchase of this many kopecks brings the visitor. */
export function usePointsFor(): (kopecks: number) => number {
  const { user } = useAuth();
  const { bonus } = useShellData().config;
  return (kopecks) =>
    user?.isBonusAllowed && bonus ? pointsEarned(kopecks, bonus.accrualPercent, bonus.pointValue) : 0;
}

/** «+62 балла». */
export const pointsText = (points: number) => `+${points} ${plural(points, POINTS)}`;
