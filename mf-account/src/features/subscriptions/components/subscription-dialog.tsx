import type { ReactNode } from 'react';
import Modal from 'antd/es/modal';
import type { SubscriptionDetail } from '@shop/shared/contract/subscriptions';

/** What every step gets: the subscription, `onDone` with what changed (in words), and `onClose`. */
export interface StepProps {
  subscription: SubscriptionDetail;
  onDone: (notice: string) => void;
  onClose: () => void;
}

/**
 * One step of managing a subscription, in a dialog: its own buttons (no shared footer) so the way
 * to finish is never hidden. Focus is not handed back to the trigger by antd: the page decides
 * where it goes once the dialog is gone (`afterClose`), since a change can remove that button.
 */
export function SubscriptionDialog({
  title,
  open,
  onClose,
  afterClose,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      footer={null}
      rootClassName="acc"
      destroyOnHidden
      focusable={{ focusTriggerAfterClose: false }}
      width={520}
    >
      {children}
    </Modal>
  );
}
