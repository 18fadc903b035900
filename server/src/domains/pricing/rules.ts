// Which cart rules apply to a cart. A rule applies when it is active and within its dates, the customer's
// type and groups match its lists (empty list: anyone), at least one line is eligible (its product is in
// productIds and one of its categories in categoryIds; an empty list: any), and the eligible lines reach
// minItemsTotal and minQuantity. The conditions are counted on the eligible lines at offer prices (before
// any discount), so whether a rule applies never depends on which rules ran before it; and «от 5 упаковок
// ресниц −10 %» is a rule for the lashes category with minQuantity 5.
// Rules are tried by ascending priority (the admin's help says so), equal priorities by id; a rule with
// stopFurtherRules that applies ends the list.
import { withinDates } from './dates';
import { sum } from './money';
import type { PricingCustomer, PricingLine, PricingRule } from './types';

/** A line passes every non-empty list of products and categories. */
export function lineMatches(
  line: Pick<PricingLine, 'productId' | 'categoryIds'>,
  target: { productIds?: readonly number[]; categoryIds: readonly number[] },
): boolean {
  const products = target.productIds ?? [];
  if (products.length > 0 && !products.includes(line.productId)) return false;
  const categories = target.categoryIds;
  return categories.length === 0 || line.categoryIds.some((c) => categories.includes(c));
}

export function byPriority(a: PricingRule, b: PricingRule): number {
  return a.priority - b.priority || a.id - b.id;
}

function customerMatches(rule: PricingRule, customer: PricingCustomer): boolean {
  const typeId = customer.userType?.id;
  if (rule.userTypeIds.length > 0 && (typeId === undefined || !rule.userTypeIds.includes(typeId)))
    return false;
  return rule.userGroupIds.length === 0 || customer.groupIds.some((g) => rule.userGroupIds.includes(g));
}

export function ruleApplies(
  rule: PricingRule,
  lines: readonly PricingLine[],
  customer: PricingCustomer,
  now: Date,
): boolean {
  if (!rule.active || !withinDates(rule, now) || !customerMatches(rule, customer)) return false;
  const eligible = lines.filter((l) => lineMatches(l, rule));
  if (eligible.length === 0) return false;
  const itemsTotal = sum(eligible.map((l) => (l.salePrice ?? l.basePrice) * l.quantity));
  const quantity = sum(eligible.map((l) => l.quantity));
  if (rule.minItemsTotal !== null && itemsTotal < rule.minItemsTotal) return false;
  return rule.minQuantity === null || quantity >= rule.minQuantity;
}

/** The rules that apply, in the order they are applied. */
export function selectRules(
  rules: readonly PricingRule[],
  lines: readonly PricingLine[],
  customer: PricingCustomer,
  now: Date,
): PricingRule[] {
  const selected: PricingRule[] = [];
  for (const rule of [...rules].sort(byPriority)) {
    if (!ruleApplies(rule, lines, customer, now)) continue;
    selected.push(rule);
    if (rule.stopFurtherRules) break;
  }
  return selected;
}
