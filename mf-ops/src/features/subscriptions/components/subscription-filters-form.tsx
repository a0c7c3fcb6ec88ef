import Select from 'antd/es/select';
import type { SubscriptionStatus } from '@shop/shared/contract/subscriptions';
import { FilterActions, SearchField } from '../../shared/components/filter-form';
import { useFilterDraft, type FilterFormProps } from '../../shared/hooks/use-filter-draft';
import {
  NO_SUBSCRIPTION_FILTERS,
  paramsFromSubscriptionFilters,
  type SubscriptionFilters,
} from '../model/subscription-filters';
import { SUBSCRIPTION_STATUS_LABELS } from './subscription-labels';

const filtered = (filters: SubscriptionFilters) =>
  Object.keys(paramsFromSubscriptionFilters(filters)).length > 0;

/** Search and status, applied together by the button (or Enter in the search box). */
export function SubscriptionFiltersForm(props: FilterFormProps<SubscriptionFilters>) {
  const { applied, loading, onApply } = props;
  const { draft, set, submit, clear } = useFilterDraft(props);
  return (
    <form
      role="search"
      aria-label="Find subscriptions"
      className="ops-filters"
      onSubmit={submit}
      noValidate
    >
      <SearchField
        id="ops-subscription-search"
        label="E-mail address or subscription id"
        value={draft.q}
        loading={loading}
        onChange={(q) => set({ q })}
        onSearch={(q) => onApply({ ...draft, q })}
      />
      <div className="ops-filters__field">
        <label htmlFor="ops-subscription-status">Status</label>
        <Select<SubscriptionStatus[]>
          id="ops-subscription-status"
          mode="multiple"
          allowClear
          virtual={false}
          placeholder="Any status"
          value={draft.status}
          onChange={(status) => set({ status })}
          options={(Object.keys(SUBSCRIPTION_STATUS_LABELS) as SubscriptionStatus[]).map(
            (value) => ({ value, label: SUBSCRIPTION_STATUS_LABELS[value] }),
          )}
        />
      </div>
      <FilterActions
        canClear={filtered(applied) || filtered(draft)}
        onClear={() => clear(NO_SUBSCRIPTION_FILTERS)}
      />
    </form>
  );
}
