import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import { subscriptionSettingsSchema, type SubscriptionSettings } from '@shop/shared/contract/ops';
import { errorText, QueryState } from '../../shared/components/load-state';
import { useSaveSubscriptionSettings, useSubscriptionSettings } from '../api/subscription-settings';

interface Draft {
  endAction: SubscriptionSettings['dunning']['endAction'];
  /** As typed: days separated by commas or spaces. */
  retryDays: string;
  reminderDays: string;
}

const draftOf = (settings: SubscriptionSettings): Draft => ({
  endAction: settings.dunning.endAction,
  retryDays: settings.dunning.retryDays.join(', '),
  reminderDays: String(settings.notices.reminderDays),
});

/** The draft as the API takes it, or the first problem of each field. */
function parseDraft(draft: Draft) {
  const days = draft.retryDays
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
  const parsed = subscriptionSettingsSchema.safeParse({
    dunning: { endAction: draft.endAction, retryDays: days },
    notices: {
      reminderDays: /^\d+$/.test(draft.reminderDays.trim())
        ? Number(draft.reminderDays.trim())
        : Number.NaN,
    },
  });
  if (parsed.success) return { settings: parsed.data, errors: {} as Record<string, string> };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.includes('retryDays') ? 'retryDays' : 'reminderDays';
    errors[field] ??= issue.code === 'invalid_type' ? 'Whole numbers of days only' : issue.message;
  }
  return { settings: null, errors };
}

/** A typed number of days (or several), with its problem read out with it. */
function DaysField(props: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  width: number;
  onChange: (value: string) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div style={{ marginBottom: 12 }}>
      <label htmlFor={props.id} style={{ fontWeight: 500 }}>
        {props.label}
      </label>
      <Input
        id={props.id}
        value={props.value}
        inputMode="numeric"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
        style={{ maxWidth: props.width, display: 'block', marginTop: 6 }}
      />
      {props.error && (
        <p id={errorId} className="ops-error" style={{ margin: '4px 0 0' }}>
          {props.error}
        </p>
      )}
    </div>
  );
}

function SettingsForm({ saved }: { saved: SubscriptionSettings }) {
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveSubscriptionSettings();
  useEffect(() => setDraft(draftOf(saved)), [saved]);
  const set = (change: Partial<Draft>) => {
    save.reset();
    setDraft((current) => ({ ...current, ...change }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { settings, errors: found } = parseDraft(draft);
    setErrors(found);
    if (settings) save.mutate(settings);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Subscription settings">
      <fieldset className="ops-fieldset">
        <legend>When a renewal is declined</legend>
        <DaysField
          id="ops-retry-days"
          label="Try again after (days from the first decline, up to 4, rising)"
          value={draft.retryDays}
          error={errors.retryDays}
          width={320}
          onChange={(retryDays) => set({ retryDays })}
        />
        <p id="ops-end-action-label" style={{ fontWeight: 500, margin: '12px 0 6px' }}>
          When the last try fails
        </p>
        <Radio.Group
          aria-labelledby="ops-end-action-label"
          value={draft.endAction}
          onChange={(event) => set({ endAction: event.target.value as Draft['endAction'] })}
          style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 8 }}
          options={[
            { value: 'cancel', label: 'Cancel the subscription' },
            { value: 'pause', label: 'Pause it until the subscriber updates the card' },
          ]}
        />
      </fieldset>
      <fieldset className="ops-fieldset">
        <legend>Renewal reminder</legend>
        <DaysField
          id="ops-reminder-days"
          label="Days before each renewal (1 to 14)"
          value={draft.reminderDays}
          error={errors.reminderDays}
          width={120}
          onChange={(reminderDays) => set({ reminderDays })}
        />
      </fieldset>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save settings
        </Button>
        <span role="status" aria-live="polite" className="ops-muted">
          {save.isSuccess ? 'Saved: the next retries and reminders follow these settings.' : ''}
        </span>
      </div>
      {save.error && (
        <Alert
          role="alert"
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title="The settings were not saved"
          description={errorText(save.error)}
        />
      )}
    </form>
  );
}

/** How dunning ends, its retry days, and how early the renewal reminder goes out. */
export function SubscriptionSettingsPage() {
  const query = useSubscriptionSettings();
  return (
    <section aria-labelledby="ops-subscription-settings-heading" style={{ maxWidth: 720 }}>
      <p style={{ margin: 0 }}>
        <Link to="/ops/subscriptions">← Subscriptions</Link>
      </p>
      <h2 id="ops-subscription-settings-heading" style={{ fontSize: 22 }}>
        Subscription settings
      </h2>
      <QueryState query={query} what="the settings">
        {(saved) => <SettingsForm saved={saved} />}
      </QueryState>
    </section>
  );
}
