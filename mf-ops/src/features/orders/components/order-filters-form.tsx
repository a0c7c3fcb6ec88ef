import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { ORDER_KINDS, ORDER_STATUSES } from '@shop/shared/contract/ops';
import { usePartners } from '../../partners/api/partners';
import { FilterActions, SearchField } from '../../shared/components/filter-form';
import { useFilterDraft, type FilterFormProps } from '../../shared/hooks/use-filter-draft';
import { NO_FILTERS, hasFilters, type OrderFilters } from '../model/order-filters';

export const STATUS_LABELS: Record<(typeof ORDER_STATUSES)[number], string> = {
  pending: 'Pending',
  requires_action: 'Needs action',
  paid: 'Paid',
  failed: 'Failed',
  fulfilled: 'Fulfilled',
};

export const KIND_LABELS: Record<(typeof ORDER_KINDS)[number], string> = {
  consumer: 'Consumer',
  business: 'Partner storefront',
  employer: 'Employer pays',
  renewal: 'Subscription renewal',
};

/** A labelled multiple choice among a filter's values (none chosen: any). */
function ChoiceFilter<T extends string>(props: {
  id: string;
  label: string;
  placeholder: string;
  labels: Record<T, string>;
  value: T[];
  onChange: (value: T[]) => void;
}) {
  return (
    <div className="ops-filters__field">
      <label htmlFor={props.id}>{props.label}</label>
      <Select
        id={props.id}
        mode="multiple"
        allowClear
        virtual={false}
        placeholder={props.placeholder}
        value={props.value}
        onChange={props.onChange}
        options={(Object.keys(props.labels) as T[]).map((value) => ({
          value,
          label: props.labels[value],
        }))}
      />
    </div>
  );
}

/**
 * The list's filters, applied together by the form's button (or Enter in the search box), so a
 * half-typed date never sends a request and a screen reader hears one change, not one per key.
 */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function OrderFiltersForm(props: FilterFormProps<OrderFilters>) {
  const { applied, loading, onApply } = props;
  const { draft, set, submit, clear } = useFilterDraft(props);
  const partners = usePartners();

  return (
    <form
      role="search"
      aria-label="Filter orders"
      className="ops-filters"
      onSubmit={submit}
      noValidate
    >
      <SearchField
        id="ops-order-search"
        label="Order number, e-mail or card’s last four"
        value={draft.q}
        loading={loading}
        onChange={(q) => set({ q })}
        onSearch={(q) => onApply({ ...draft, q })}
      />
      <ChoiceFilter
        id="ops-order-status"
        label="Status"
        placeholder="Any status"
        labels={STATUS_LABELS}
        value={draft.status}
        onChange={(status) => set({ status })}
      />
      <ChoiceFilter
        id="ops-order-kind"
        label="Kind"
        placeholder="Any kind"
        labels={KIND_LABELS}
        value={draft.kind}
        onChange={(kind) => set({ kind })}
      />
      <div className="ops-filters__field">
        <label htmlFor="ops-order-partner">Partner</label>
        <Select
          id="ops-order-partner"
          showSearch
          allowClear
          virtual={false}
          placeholder="Any partner"
          loading={partners.isPending}
          value={draft.partner || undefined}
          onChange={(partner?: string) => set({ partner: partner ?? '' })}
          options={(partners.data ?? []).map((partner) => ({
            value: partner.shopKey,
            label: `${partner.businessName} (${partner.shopKey})`,
          }))}
          notFoundContent={partners.isError ? 'Could not load the partners' : 'No partners'}
        />
      </div>
      <div className="ops-filters__field">
        <label htmlFor="ops-order-from">Placed from</label>
        <Input
          id="ops-order-from"
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => set({ from: event.target.value })}
        />
      </div>
      <div className="ops-filters__field">
        <label htmlFor="ops-order-to">Placed to</label>
        <Input
          id="ops-order-to"
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => set({ to: event.target.value })}
        />
      </div>
      <FilterActions
        canClear={hasFilters(applied) || hasFilters(draft)}
        onClear={() => clear(NO_FILTERS)}
      />
    </form>
  );
}
