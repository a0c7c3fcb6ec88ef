import { useState } from 'react';
import type { FormInstance } from 'antd/es/form';
import type { Customization } from '@shop/shared/contract/customization';
import type { ApiError } from '@shop/shared/http/api-error';
import { useCreatePartner } from '../api/create-partner';
import { useUpdatePartner } from '../api/update-partner';
import { formNamePath, toCustomizationInput, type PartnerFormValues } from '../model/partner-form';
import { errorText } from '../../shared/components/load-state';

/**
 * Creates or publishes a partner. A refusal puts the API's field messages on the fields and keeps
 * every typed value; anything else is one message above the button.
 */
export function useSavePartner(
  form: FormInstance<PartnerFormValues>,
  isNew: boolean,
  onSaved: (saved: Customization) => void,
) {
  const create = useCreatePartner();
  const update = useUpdatePartner();
  const [formError, setFormError] = useState<string | null>(null);

  const onError = (error: ApiError) => {
    const fields = Object.entries(error.fields).map(([path, message]) => ({
      name: formNamePath(path) as never,
      errors: [message],
    }));
    if (fields.length > 0) form.setFields(fields);
    setFormError(
      error.status === 409
        ? error.message
        : fields.length > 0
          ? 'Some fields need attention.'
          : errorText(error),
    );
  };

  const save = (values: PartnerFormValues) => {
    setFormError(null);
    const fields = toCustomizationInput(values);
    if (isNew)
      create.mutate({ ...fields, shopKey: values.shopKey.trim() }, { onSuccess: onSaved, onError });
    else update.mutate({ shopKey: values.shopKey, fields }, { onSuccess: onSaved, onError });
  };

  return { save, saving: create.isPending || update.isPending, formError };
}
