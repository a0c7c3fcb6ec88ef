import Button from 'antd/es/button';
import type { ReactNode } from 'react';
import { FIRST_VIEW_ACTION_ATTRIBUTE } from '@shop/shared/ssr/server-render';

/**
 * A form's submit button that the shell's first script presses itself on a first view: `action`
 * names what it does there (shell/src/federation/first-view-auth-actions.ts).
 */
export function FirstViewSubmit({
  action,
  busy,
  children,
}: {
  action: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="primary"
      htmlType="submit"
      size="large"
      block
      loading={busy}
      {...{ [FIRST_VIEW_ACTION_ATTRIBUTE]: action }}
    >
      {children}
    </Button>
  );
}
