import Form from 'antd/es/form';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { KitView } from '@shop/shared/contract/kits';
import { formatKitCode, normalizeKitCode } from '@shop/shared/kits/kit-code';
import { AuthCard } from '../../shared/components/auth-card';
import { FormSuccess } from '../../shared/components/form-alert';
import { useActivateKit } from '../api/activate-kit';
import { useKits } from '../api/kits';
import { KITS_PATH, NEXT_STEP_TEXT } from '../model/kit-text';
import { ActivateForm, type ActivateValues } from './activate-form';

/** A refusal in words: the server's own message for a 400/404, a plain one for the rest. */
function refusalText(status: number | null, message: string): string {
  if (status === 429) return message || 'Too many tries. Please wait a few minutes and try again.';
  if (status === 400 || status === 404) return message;
  if (status === null) return 'We could not reach the shop. Check your connection and try again.';
  return 'Something went wrong on our side. Please try again.';
}

/**
 * /activate (also /activate?kit=CODE, as the kit's QR code opens it): the signed-in customer says
 * who takes the sample and gives the lab what it needs. The shell sends a logged-out visitor to
 * log in first (the kits API answers 401) and back here after.
 */
export function ActivatePage() {
  const [params] = useSearchParams();
  const [form] = Form.useForm<ActivateValues>();
  const kits = useKits();
  const activation = useActivateKit();
  const [done, setDone] = useState<KitView | null>(null);
  const fromQr = params.get('kit');
  const initialCode = fromQr
    ? normalizeKitCode(fromQr).slice(0, 20)
    : (kits.data?.pendingCode ?? undefined);

  // The QR code's or sign-up's code fills the field once known, unless the user typed there.
  useEffect(() => {
    if (initialCode && !form.isFieldTouched('code'))
      form.setFieldsValue({ code: formatKitCode(initialCode) });
  }, [initialCode, form]);

  const submit = (values: ActivateValues) => {
    activation.mutate(
      { ...values, code: values.code, consentLabTest: true, consentResultsRelease: true },
      {
        onSuccess: ({ kit }) => setDone(kit),
        onError: (error) => {
          const fieldErrors = Object.entries(error.fields).map(([name, message]) => ({
            name: name as keyof ActivateValues,
            errors: [message],
          }));
          if (fieldErrors.length > 0) form.setFields(fieldErrors);
        },
      },
    );
  };

  const error =
    activation.error && Object.keys(activation.error.fields).length === 0
      ? refusalText(activation.error.status, activation.error.message)
      : null;

  return (
    <AuthCard
      title={done ? 'Kit activated' : 'Activate your kit'}
      lead={
        done
          ? NEXT_STEP_TEXT.send_sample
          : 'Activate the kit before taking the sample, so the lab knows whose it is.'
      }
      focusKey={done ? 'done' : null}
    >
      {done ? (
        <>
          <FormSuccess title={`Kit ${formatKitCode(done.code)} is activated`}>
            {done.sampleTaker === 'household'
              ? `The results will be kept for ${done.subjectName ?? 'them'} in this account.`
              : 'The results will appear in this account.'}
          </FormSuccess>
          <p className="acc-links">
            <Link to={KITS_PATH}>See your kits</Link>
          </p>
        </>
      ) : (
        <>
          <ActivateForm form={form} busy={activation.isPending} error={error} onSubmit={submit} />
          <p className="acc-links">
            <Link to={KITS_PATH}>Your kits</Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
