import { Link, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Table from 'antd/es/table';
import type { Customization } from '@shop/shared/contract/customization';
import { formatWhen } from '../../shared/components/format-when';
import { QueryState } from '../../shared/components/load-state';
import { usePartners } from '../api/partners';

const COLUMNS = [
  {
    title: 'Partner',
    dataIndex: 'businessName',
    render: (name: string, partner: Customization) => (
      <Link to={`/ops/partners/${encodeURIComponent(partner.shopKey)}`} aria-label={`Edit ${name}`}>
        {name}
      </Link>
    ),
  },
  {
    title: 'Storefront',
    dataIndex: 'shopKey',
    render: (key: string) => <a href={`/shop/${encodeURIComponent(key)}`}>/shop/{key}</a>,
  },
  { title: 'Pricing', dataIndex: 'pricingMode' },
  { title: 'Updated', dataIndex: 'updatedAt', render: (at: string) => formatWhen(at) },
];

/** Every partner, with a link to edit it and to its storefront. */
export function PartnersPage() {
  const partners = usePartners();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="ops-partners-heading">
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 8,
          justifyContent: 'space-between',
          alignItems: 'center',
          marginBottom: 12,
        }}
      >
        <h2 id="ops-partners-heading" style={{ fontSize: 22, margin: 0 }}>
          Partners
        </h2>
        <Button type="primary" onClick={() => void navigate('/ops/partners/new')}>
          New partner
        </Button>
      </div>
      <QueryState query={partners} what="partners">
        {(data) => (
          <div className="ops-table-scroll">
            <Table<Customization>
              rowKey="shopKey"
              size="middle"
              columns={COLUMNS}
              dataSource={data}
              pagination={{ pageSize: 25, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: 'No partners yet' }}
            />
          </div>
        )}
      </QueryState>
    </section>
  );
}
