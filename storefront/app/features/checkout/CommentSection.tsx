import { FormField } from '../../ui/FormField';

interface CommentSectionProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** The order's comment for the manager: not required. */
export function CommentSection({ value, error, onChange }: CommentSectionProps) {
  return (
    <div className="checkout-section">
      <FormField
        id="comment"
        label="Комментарий к заказу"
        error={error}
        hint="Например, удобное время для звонка"
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={2000}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </FormField>
    </div>
  );
}
