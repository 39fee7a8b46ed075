import {
  SHOP_SIZE_MAX_CM,
  SHOP_TEMPLATE_NAME_MAX,
  SHOP_TEMPLATE_NAME_MIN,
  shopTemplateNameLength,
} from '@lumen/contracts/ecommerce';

/** A size field's problem as it is typed: empty, not a number, or outside (0, max] cm. */
export function sizeProblem(value: string): 'required' | 'range' | null {
  if (value.trim() === '') return 'required';
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > SHOP_SIZE_MAX_CM) return 'range';
  return null;
}

/** Spec §5's name rule as the user types: 2 to 8 characters, counted as characters. */
export function nameProblem(name: string): 'nameShort' | 'nameLong' | null {
  const n = shopTemplateNameLength(name);
  if (n < SHOP_TEMPLATE_NAME_MIN) return 'nameShort';
  if (n > SHOP_TEMPLATE_NAME_MAX) return 'nameLong';
  return null;
}

export type Side = 'length' | 'width' | 'height';
export const sides: Side[] = ['length', 'width', 'height'];
/** A product's sides in centimetres, as typed. */
export type ProductSize = Record<Side, string>;

/** Whether every side is a size the server takes (spec §5: all three required). */
export function sizeIsComplete(size: ProductSize): boolean {
  return sides.every((side) => sizeProblem(size[side]) === null);
}
