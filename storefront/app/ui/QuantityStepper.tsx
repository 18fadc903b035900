import type { ReactElement, ReactNode } from 'react';
import './quantity-stepper.css';

/**
 * The quantity stepper of the cart line and the product page: −/+ buttons around a number field (no spin
 * buttons), 1 … max, a button disabled at its end. The buttons either call onStep (buttons of their own) or,
 * without it, submit their form with step=-1 / step=1 (the cart's form, which works without JavaScript).
 * The frame is the element around it: a form of the caller's (given the class and the stepper's parts as
 * children, called as a function so the field keeps its focus) or, by default, a group labelled `label`.
 */
export function QuantityStepper({
  inputId,
  value,
  quantity,
  max,
  onInput,
  onStep,
  onBlur,
  onEnter,
  form,
  label = 'Количество',
  frame,
}: {
  inputId: string;
  /** What the field shows (the typed text or the quantity). */
  value: string | number;
  /** The quantity the buttons' disabled states follow. */
  quantity: number;
  max: number;
  onInput: (value: string) => void;
  onStep?: (step: -1 | 1) => void;
  onBlur?: () => void;
  /** Enter in the field: its default is prevented. */
  onEnter?: () => void;
  /** The form the field belongs to when it is outside it. */
  form?: string;
  /** The default frame's accessible name. */
  label?: string;
  frame?: (className: string, children: ReactNode) => ReactElement;
}) {
  const button = (step: -1 | 1) =>
    onStep
      ? ({ type: 'button', onClick: () => onStep(step) } as const)
      : ({ type: 'submit', name: 'step', value: String(step) } as const);
  const parts = (
    <>
      <button {...button(-1)} className="qty__button" aria-label="Меньше" disabled={quantity <= 1}>
        −
      </button>
      <label className="visually-hidden" htmlFor={inputId}>
        Количество, шт.
      </label>
      <input
        id={inputId}
        className="qty__input"
        type="number"
        name="quantity"
        form={form}
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        onChange={(e) => onInput(e.currentTarget.value)}
        onBlur={onBlur}
        onKeyDown={
          onEnter &&
          ((e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onEnter();
            }
          })
        }
      />
      <button {...button(1)} className="qty__button" aria-label="Больше" disabled={quantity >= max}>
        +
      </button>
    </>
  );
  if (frame) return frame('qty', parts);
  return (
    <div className="qty" role="group" aria-label={label}>
      {parts}
    </div>
  );
}
