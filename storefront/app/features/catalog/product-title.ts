/**
 * A product's title as the trade writes it, «Цветные ресницы Velora Rainbow, бордовые», split into its name and
 * what tells it from its siblings (colour, curl, setting time: «бордовые», «сцепка 0,5–1 сек»). Cards clamp the
 * name and keep the detail on its own line, so two products of one line never read the same on a phone.
 * The split is the first comma followed by a space: decimals in the trade's notation («0,07», «0,5–1») have none.
 */
export function splitTitle(title: string): { name: string; detail: string | null } {
  const at = title.indexOf(', ');
  if (at <= 0) return { name: title, detail: null };
  const detail = title.slice(at + 2).trim();
  return detail ? { name: title.slice(0, at), detail } : { name: title.slice(0, at), detail: null };
}
