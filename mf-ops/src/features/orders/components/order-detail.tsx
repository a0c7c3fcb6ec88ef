import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { OpsOrderDetail } from '@shop/shared/contract/ops';
import { formatMoney } from '@shop/shared/format/money';
import { formatWhen } from '../../shared/components/format-when';
import { Link } from 'react-router';
import { errorText, LoadFailed, LoadingBlock } from '../../shared/components/load-state';
import { useCancelSubscription } from '../../subscriptions/api/cancel-subscription';
import { useOpsOrder } from '../api/order';
import { useRefund } from '../hooks/use-refund';
import { RefundButton, type PlanCancel } from './refund-button';

type Line = OpsOrderDetail['lines'][number];
type Charge = OpsOrderDetail['charges'][number];
type Upgrade = OpsOrderDetail['upgrades'][number];
type Refund = OpsOrderDetail['refunds'][number];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="ops-table-scroll" style={{ marginTop: 16 }}>
      <h4 style={{ fontSize: 16, margin: '0 0 8px' }}>{title}</h4>
      {children}
    </section>
  );
}

/** One order: status, lines, charges, upgrades and refunds, and the refunds an operator may make. */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function OrderDetail({ orderId }: { orderId: string }) {
  const query = useOpsOrder(orderId);
  const refund = useRefund(orderId);
  const cancelPlan = useCancelSubscription();
  if (query.isPending) return <LoadingBlock what="the order" />;
  if (query.isError)
    return <LoadFailed what="the order" error={query.error} onRetry={() => void query.refetch()} />;
  const { order, lines, charges, upgrades, refunds, refundable, subscription } = query.data;
  const money = (cents: number) => formatMoney(cents, order.currency);
  // The refund first; the plan is cancelled only once the money is on its way back.
  const refundThen = async (target: string, cancel: PlanCancel | null, lineId?: number) => {
    await refund.refund(target, lineId);
    if (cancel && subscription)
      await cancelPlan
        .mutateAsync({ id: subscription.id, body: { when: 'now', reason: cancel.reason } })
        .catch(() => undefined);
  };
  const dialog = {
    order,
    subscription,
    inFlight: refund.inFlight || cancelPlan.isPending,
    error: refund.error,
  };
  const opened = (target: string) => {
    refund.reset();
    cancelPlan.reset();
    refund.prepare(target);
  };

  const lineColumns = [
    {
      title: 'Item',
      dataIndex: 'title',
      render: (title: string, line: Line) => (
        <>
          {title}
          {line.upgradeId && <Tag style={{ marginLeft: 6 }}>upgrade</Tag>}
        </>
      ),
    },
    { title: 'Qty', dataIndex: 'quantity' },
    { title: 'Amount', dataIndex: 'amount', render: money },
    { title: 'Refunded', dataIndex: 'refunded', render: money },
    {
      title: 'Refund',
      key: 'refund',
      render: (_: unknown, line: Line) =>
        line.refundable > 0 ? (
          <RefundButton
            {...dialog}
            label={`Refund ${money(line.refundable)}`}
            amount={money(line.refundable)}
            what={`“${line.title}”`}
            disabled={false}
            onOpen={() => opened(`line-${line.id}`)}
            onConfirm={(cancel) => refundThen(`line-${line.id}`, cancel, line.id)}
          />
        ) : (
          <span className="ops-muted">nothing left</span>
        ),
    },
  ];
  const chargeColumns = [
    { title: 'Charge', dataIndex: 'id', render: (id: string) => <code>{id}</code> },
    { title: 'For', dataIndex: 'purpose' },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: string) => (
        <Tag color={status === 'refunded' ? 'default' : 'processing'}>{status}</Tag>
      ),
    },
    { title: 'Amount', dataIndex: 'amount', render: money },
    { title: 'Refunded', dataIndex: 'amountRefunded', render: money },
    { title: 'When', dataIndex: 'createdAt', render: formatWhen },
  ];
  const upgradeColumns = [
    { title: 'Upgrade', dataIndex: 'type' },
    { title: 'Status', dataIndex: 'status' },
    {
      title: 'Amount',
      dataIndex: 'amount',
      render: (cents: number | null) => (cents === null ? '—' : money(cents)),
    },
    { title: 'When', dataIndex: 'createdAt', render: formatWhen },
  ];
  const refundColumns = [
    { title: 'Amount', dataIndex: 'amount', render: money },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: string) => (
        <Tag color={status === 'failed' ? 'error' : status === 'succeeded' ? 'success' : 'warning'}>
          {status}
        </Tag>
      ),
    },
    {
      title: 'Line',
      dataIndex: 'lineId',
      render: (lineId: number | null) =>
        lineId === null
          ? 'whole order'
          : (lines.find((line) => line.id === lineId)?.title ?? lineId),
    },
    { title: 'By', dataIndex: 'by' },
    { title: 'When', dataIndex: 'createdAt', render: formatWhen },
  ];
  const table = <T extends object>(rows: T[], columns: object[], key: string, empty: string) => (
    <Table<T>
      size="small"
      rowKey={key}
      pagination={false}
      columns={columns as never}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
    />
  );

  return (
    <Card
      title={
        <h3 style={{ margin: 0, fontSize: 18, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          Order id {order.id}
        </h3>
      }
      aria-busy={refund.inFlight || query.isFetching}
    >
      <dl className="ops-dl">
        <dt>Customer</dt>
        <dd>
          {order.name} &lt;{order.email}&gt;
        </dd>
        <dt>Status</dt>
        <dd>
          <Tag>{order.status}</Tag>
          {order.failureMessage && <span className="ops-error">{order.failureMessage}</span>}
        </dd>
        <dt>Placed</dt>
        <dd>
          {formatWhen(order.createdAt)}
          {order.businessKey && ` · partner ${order.businessKey}`}
        </dd>
        <dt>Total</dt>
        <dd>
          {money(order.total)} (subtotal {money(order.subtotal)}, discount {money(order.discount)}
          {order.discountCode && ` ${order.discountCode}`}, shipping {money(order.shipping)})
        </dd>
        <dt>Paid with</dt>
        <dd>
          {order.paymentLabel ?? '—'}
          {order.bnpl && ' (pay later)'}
        </dd>
        <dt>Refunded</dt>
        <dd>{money(order.refunded)}</dd>
        <dt>Left to refund</dt>
        <dd data-testid="refundable">
          <strong>{money(refundable)}</strong>
        </dd>
      </dl>
      <div
        style={{ marginTop: 16, display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}
      >
        <RefundButton
          {...dialog}
          primary
          label={
            refundable > 0 ? `Refund the whole order (${money(refundable)})` : 'Fully refunded'
          }
          amount={money(refundable)}
          what="the whole order"
          disabled={refundable <= 0}
          onOpen={() => opened('order')}
          onConfirm={(cancel) => refundThen('order', cancel)}
        />
        <span aria-live="polite" className="ops-muted">
          {refund.inFlight ? 'Refunding…' : ''}
        </span>
      </div>
      {subscription && (
        <p style={{ marginTop: 12 }}>
          Plan{' '}
          <Link to={`/ops/subscriptions/${encodeURIComponent(subscription.id)}`}>
            <code>{subscription.id}</code>
          </Link>
          : {subscription.status}
          {subscription.cancelAtPeriodEnd && ', ends at the end of its period'}
        </p>
      )}
      {cancelPlan.isSuccess && (
        <Alert
          role="status"
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title="Refunded, and the plan is cancelled: no more renewals."
        />
      )}
      {cancelPlan.error && (
        <Alert
          role="alert"
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title="Refunded, but the plan was not cancelled"
          description={`${errorText(cancelPlan.error)} It keeps billing until it is cancelled from its page.`}
        />
      )}
      <Section title="Lines">{table<Line>(lines, lineColumns, 'id', 'No lines')}</Section>
      <Section title="Charges">{table<Charge>(charges, chargeColumns, 'id', 'No charges')}</Section>
      <Section title="Upgrades">
        {table<Upgrade>(upgrades, upgradeColumns, 'id', 'No upgrades')}
      </Section>
      <Section title="Refunds">
        {table<Refund>(refunds, refundColumns, 'id', 'No refunds yet')}
      </Section>
    </Card>
  );
}
