import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';

export interface RefundButtonProps {
  label: string;
  /** What the confirmation asks, with the amount. */
  question: string;
  disabled: boolean;
  inFlight: boolean;
  onOpen: () => void;
  onConfirm: () => Promise<unknown>;
  primary?: boolean;
}

/** A refund behind a confirmation; disabled while any refund of the order is on its way. */
export function RefundButton({
  label,
  question,
  disabled,
  inFlight,
  onOpen,
  onConfirm,
  primary,
}: RefundButtonProps) {
  return (
    <Popconfirm
      title={question}
      description="The money goes back through the payment provider."
      okText="Refund"
      okButtonProps={{ danger: true }}
      onOpenChange={(open) => open && onOpen()}
      // A rejected promise keeps the confirmation open; the error shows on the page.
      onConfirm={() => onConfirm().catch(() => undefined)}
      disabled={disabled || inFlight}
    >
      <Button
        danger
        type={primary ? 'primary' : 'default'}
        size={primary ? 'middle' : 'small'}
        disabled={disabled || inFlight}
        loading={inFlight && primary}
      >
        {label}
      </Button>
    </Popconfirm>
  );
}
