import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import type { Customization } from '@shop/shared/contract/customization';
import { LoadFailed, LoadingBlock } from '../../shared/components/load-state';
import { usePartner } from '../api/partner';
import { useSavePartner } from '../hooks/use-save-partner';
import {
  toFormValues,
  toPreviewCustomization,
  type PartnerFormValues,
} from '../model/partner-form';
import { PartnerForm } from './partner-form';
import { PartnerPreview } from './partner-preview';

/** Create a partner (/ops/partners/new) or edit one, beside a live preview of its main page. */
export function PartnerEditorPage() {
  const { shopKey } = useParams();
  const key = shopKey ?? null;
  const partner = usePartner(key);
  if (key !== null && partner.isPending) return <LoadingBlock what="the partner" />;
  if (key !== null && partner.isError)
    return (
      <LoadFailed
        what={`partner ${key}`}
        error={partner.error}
        onRetry={() => void partner.refetch()}
      />
    );
  // Keyed by partner: the form is filled once from the server and then belongs to the operator.
  return (
    <PartnerEditor key={key ?? 'new'} partner={key === null ? null : (partner.data ?? null)} />
  );
}

function PartnerEditor({ partner }: { partner: Customization | null }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<PartnerFormValues>();
  const [initialValues] = useState(() => toFormValues(partner));
  const [draft, setDraft] = useState(initialValues);
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const [saved, setSaved] = useState<Customization | null>(created ? partner : null);
  const isNew = partner === null;
  const preview = useMemo(() => toPreviewCustomization(draft), [draft]);
  const { save, saving, formError } = useSavePartner(form, isNew, (result) => {
    setSaved(result);
    if (isNew)
      void navigate(`/ops/partners/${encodeURIComponent(result.shopKey)}`, {
        state: { created: true },
      });
  });
  const title = isNew ? 'New partner' : `Partner ${partner.businessName}`;
  return (
    <section aria-labelledby="ops-partner-heading">
      <p style={{ margin: 0 }}>
        <Link to="/ops/partners">← All partners</Link>
      </p>
      <h2 id="ops-partner-heading" style={{ fontSize: 22 }}>
        {title}
      </h2>
      {!isNew && (
        <p>
          Storefront:{' '}
          <a href={`/shop/${encodeURIComponent(partner.shopKey)}`} target="_blank" rel="noreferrer">
            /shop/{partner.shopKey}
          </a>
        </p>
      )}
      <div aria-live="polite">
        {saved && (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            title={`${saved.businessName} is published`}
            description="Every shop instance serves the new values now."
          />
        )}
      </div>
      <div className="ops-split">
        <PartnerForm
          form={form}
          initialValues={initialValues}
          isNew={isNew}
          saving={saving}
          formError={formError}
          onValuesChange={setDraft}
          onSubmit={save}
        />
        <PartnerPreview customization={preview} />
      </div>
    </section>
  );
}
