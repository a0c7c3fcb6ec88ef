import { useQueryClient } from '@tanstack/react-query';
import { FORM_FLASH_QUERY_KEY, type FormFlash } from './server-form';

/**
 * The flash of the named form, when this page was drawn after the API refused it (a plain post,
 * without JavaScript); null otherwise. Read from the query the server render seeded.
 */
export function useFormFlash(form: string): FormFlash | null {
  const flash = useQueryClient().getQueryData<FormFlash>(FORM_FLASH_QUERY_KEY);
  return flash?.form === form ? flash : null;
}
