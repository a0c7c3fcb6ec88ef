import Button from 'antd/es/button';
import Input from 'antd/es/input';

/** A list's search box: Enter or its button applies every filter of the form at once. */
export function SearchField(props: {
  id: string;
  label: string;
  value: string;
  loading: boolean;
  onChange: (value: string) => void;
  onSearch: (value: string) => void;
}) {
  return (
    <div className="ops-filters__field ops-filters__field--wide">
      <label htmlFor={props.id}>{props.label}</label>
      <Input.Search
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        enterButton="Search"
        allowClear
        loading={props.loading}
        onSearch={(value) => props.onSearch(value.trim())}
      />
    </div>
  );
}

/** Apply, and Clear once any filter is set (applied or only typed). */
export function FilterActions({ canClear, onClear }: { canClear: boolean; onClear: () => void }) {
  return (
    <div className="ops-filters__actions">
      <Button type="primary" htmlType="submit">
        Apply filters
      </Button>
      {canClear && <Button onClick={onClear}>Clear filters</Button>}
    </div>
  );
}
